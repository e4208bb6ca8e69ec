import { useQuery } from '@tanstack/react-query';
import type { UserPage } from '@vtc/shared/auth/auth-responses';
import { apiFetch } from '../../../lib/api-fetch';

/** The accounts (the first 200), searched by `q` when given, each with its booking count. */
export function useUsers(q: string) {
  return useQuery({
    queryKey: ['admin', 'users', q],
    queryFn: ({ signal }) =>
      apiFetch<UserPage>('/user/getAll', { signal, query: { limit: 200, q: q || undefined } }).then((body) =>
        Array.isArray(body.data) ? body.data : [],
      ),
  });
}
