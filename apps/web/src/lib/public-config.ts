import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@vtc/shared/site/site-responses';
import { apiFetch } from './api-fetch';
import { useAppStarted } from './use-hydrated';

export interface PublicConfigState {
  data: PublicConfig | undefined;
  isPending: boolean;
}

export function usePublicConfig(): PublicConfigState {
  const { data, isPending } = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiFetch<PublicConfig>('/config/public', { signal, authenticated: false }),
    staleTime: Infinity,
    retry: false,
  });
  // A page hydrates its prerendered markup, which has no configuration yet, sometimes after the
  // header has received it (its chunk came later): it renders without it first, then with it
  // (docs/decisions/0069).
  const started = useAppStarted();
  return started ? { data, isPending } : { data: undefined, isPending: true };
}
