import { useQuery } from '@tanstack/react-query';
import type { ItemResponse } from '@vtc/shared/api/api-responses';
import type { PublicUser, ResendVerificationResponse, VerifyEmailResponse } from '@vtc/shared/auth/auth-schemas';
import { apiFetch } from './api-fetch';

/** The same cache entry as the profile form's, so a change of address there shows here at once. */
const PROFILE_QUERY_KEY = ['profile'] as const;

/** The signed-in account, to know whether its address is verified (`enabled` false: not signed in). */
export function useAccount(enabled: boolean) {
  return useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<ItemResponse<PublicUser>>('/profile/getAll', { signal }).then((body) => body.data),
    enabled,
  });
}

export function verifyEmail(token: string): Promise<VerifyEmailResponse> {
  return apiFetch<VerifyEmailResponse>('/auth/verifyEmail', { method: 'POST', body: { token }, authenticated: false });
}

export function resendVerification(): Promise<ResendVerificationResponse> {
  return apiFetch<ResendVerificationResponse>('/auth/resendVerification', { method: 'POST' });
}
