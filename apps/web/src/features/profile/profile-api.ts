import { useQuery } from '@tanstack/react-query';
import type { ProfileBody, PublicUser, UpdatePasswordBody } from '@vtc/shared/auth/auth-schemas';
import { apiFetch } from '../../lib/api-fetch';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<{ data: PublicUser }>('/profile/getAll', { signal }).then((body) => body.data),
  });
}

export function updateProfile(body: ProfileBody): Promise<{ message: string; data: PublicUser }> {
  return apiFetch('/profile/update', { method: 'PUT', body });
}

export function updatePassword(body: UpdatePasswordBody): Promise<{ message: string }> {
  return apiFetch('/profile/updatePassword', { method: 'PUT', body });
}
