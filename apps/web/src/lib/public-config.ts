import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';

export interface PublicConfig {
  companyEmail: string;
  companyPhone: string;
  whatsappUrl: string;
  stripeEnabled: boolean;
  company: { legalName: string; address: string; siren: string; vtcRegister: string; vatNumber: string; hostingProvider: string };
}

export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => apiFetch<PublicConfig>('/config/public', { signal, authenticated: false }),
    staleTime: Infinity,
    retry: false,
  });
}
