import { useQuery } from '@tanstack/react-query';
import type { UserPage } from '@vtc/shared/auth/auth-responses';
import { apiFetch } from '../../../lib/api-fetch';

export function useUsers() {
  return useQuery({
    queryKey: ['admin', 'users'],
    queryFn: ({ signal }) =>
      apiFetch<UserPage>('/user/getAll', { signal }).then((body) => (Array.isArray(body.data) ? body.data : [])),
  });
}
