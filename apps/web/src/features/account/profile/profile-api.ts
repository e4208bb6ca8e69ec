import { useQuery } from '@tanstack/react-query';
import type { ItemResponse, MutationResponse } from '@vtc/shared/api/api-responses';
import type { DeleteAccountBody, MessageResponse, PublicUser, UpdatePasswordBody } from '@vtc/shared/auth/auth-schemas';
import type { ProfileUpdateBody } from '@vtc/shared/auth/profile-schemas';
import { apiFetch } from '../../../lib/api-fetch';

export const PROFILE_QUERY_KEY = ['profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<ItemResponse<PublicUser>>('/profile/getAll', { signal }).then((body) => body.data),
  });
}

export function updateProfile(body: ProfileUpdateBody): Promise<MutationResponse<PublicUser>> {
  return apiFetch('/profile/update', { method: 'PUT', body });
}

export function updatePassword(body: UpdatePasswordBody): Promise<MessageResponse> {
  return apiFetch('/profile/updatePassword', { method: 'PUT', body });
}

export function deleteMyAccount(body: DeleteAccountBody): Promise<MessageResponse> {
  return apiFetch('/profile/delete', { method: 'DELETE', body });
}
