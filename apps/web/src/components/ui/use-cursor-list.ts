import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api-fetch';
import type { ListQuery } from './admin-crud';

/** Bookings page with a text cursor, contact messages with a numeric one. */
type Cursor = string | number;

interface CursorPage<Item> {
  data: Item[];
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: Cursor | null;
}

/**
 * A list read by pages with keyset paging (GET path?after=<nextCursor>), newest first.
 * `rows` holds every page loaded so far; `fetchNextPage` loads the next one ("Charger plus").
 */
export function useCursorList<Item>(key: readonly unknown[], path: string, query: ListQuery = {}) {
  const result = useInfiniteQuery({
    queryKey: [...key, query],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<CursorPage<Item>>(path, { signal, query: { ...query, after: pageParam ?? undefined } }),
    initialPageParam: null as Cursor | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const rows = result.data?.pages.flatMap((page) => (Array.isArray(page.data) ? page.data : [])) ?? [];
  return { ...result, rows };
}
