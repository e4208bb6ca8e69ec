import { useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@vtc/shared/auth/auth-schemas';
import { apiFetch } from '../../lib/api-fetch';

export interface AdminUser extends PublicUser {
  createdAt?: string;
}

export function useUsers() {
  return useQuery({
    queryKey: ['admin', 'users'],
    queryFn: ({ signal }) =>
      apiFetch<{ data: AdminUser[] }>('/user/getAll', { signal }).then((body) => (Array.isArray(body.data) ? body.data : [])),
  });
}
