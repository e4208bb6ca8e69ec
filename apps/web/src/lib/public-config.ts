import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@vtc/shared/site/site-responses';
import { apiFetch } from './api-fetch';

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiFetch<PublicConfig>('/config/public', { signal, authenticated: false }),
    staleTime: Infinity,
    retry: false,
  });
}
