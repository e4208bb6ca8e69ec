import { useInfiniteQuery } from '@tanstack/react-query';
import type { CursorPageResponse } from '@vtc/shared/api/api-responses';
import { apiFetch } from './api-fetch';
import type { ListQuery } from './crud-resource';

/** Bookings page with a text cursor, contact messages with a numeric one; null on the last page. */
type Cursor = string | number | null;

/**
 * A list read by pages with keyset paging (GET path?after=<nextCursor>), newest first.
 * `rows` holds every page loaded so far; `fetchNextPage` loads the next one ("Charger plus").
 * `Page` is the page's type from packages/shared, e.g. `BookingPage`.
 */
export function useCursorList<Page extends CursorPageResponse<unknown, Cursor>>(key: readonly unknown[], path: string, query: ListQuery = {}) {
  const result = useInfiniteQuery({
    queryKey: [...key, query],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<Page>(path, { signal, query: { ...query, after: pageParam ?? undefined } }),
    initialPageParam: null as Cursor,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const rows: Page['data'][number][] = result.data?.pages.flatMap((page) => (Array.isArray(page.data) ? page.data : [])) ?? [];
  return { ...result, rows };
}
