import { useQuery } from '@tanstack/react-query';
import type { DeletedItem, ListResponse, MutationResponse } from '@vtc/shared/api/api-responses';
import { apiFetch } from './api-fetch';

type QueryValue = string | number | undefined;
export type ListQuery = Record<string, QueryValue>;

/**
 * One back-office collection under /api{base}: GET getAll, POST add, PUT update/{id},
 * DELETE delete/{id}. Body is what the API takes: a JSON object, or FormData for multipart.
 */
export interface CrudResource<Item, Body> {
  /** Query-key prefix of every list of this collection (invalidated after a change). */
  key: readonly unknown[];
  list: (query: ListQuery | undefined, signal?: AbortSignal) => Promise<Item[]>;
  create: (body: Body) => Promise<MutationResponse<Item>>;
  update: (id: number, body: Body) => Promise<MutationResponse<Item>>;
  remove: (id: number) => Promise<MutationResponse<DeletedItem>>;
}

export function crudResource<Item, Body>(base: string, key: readonly unknown[]): CrudResource<Item, Body> {
  return {
    key,
    list: (query, signal) =>
      apiFetch<ListResponse<Item>>(`${base}/getAll`, { query, signal }).then((body) => (Array.isArray(body?.data) ? body.data : [])),
    create: (body) => apiFetch(`${base}/add`, { method: 'POST', body }),
    update: (id, body) => apiFetch(`${base}/update/${id}`, { method: 'PUT', body }),
    remove: (id) => apiFetch(`${base}/delete/${id}`, { method: 'DELETE' }),
  };
}

/** The rows of a collection, optionally filtered (the query becomes part of the cache key). */
export function useCrudList<Item, Body>(resource: CrudResource<Item, Body>, query?: ListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...resource.key, query ?? {}],
    queryFn: ({ signal }) => resource.list(query, signal),
    enabled: options.enabled ?? true,
  });
}
