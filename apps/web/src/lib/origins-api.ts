import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';

export interface Origin {
  id: number;
  name: string;
  title: string | null;
}

export function fetchOrigins(signal?: AbortSignal): Promise<Origin[]> {
  return apiFetch<{ data: Origin[] }>('/origin/getAll', { signal, authenticated: false }).then((body) =>
    Array.isArray(body?.data) ? body.data : [],
  );
}

/** Origins for the Destinations menu; a failure is ignored silently (spec §8). */
export function useOrigins() {
  return useQuery({
    queryKey: ['origins'],
    queryFn: ({ signal }) => fetchOrigins(signal),
    retry: false,
  });
}

export function priceListPath(origin: Origin): string {
  const city = origin.title || origin.name;
  return `/price-list/${encodeURIComponent(city)}?originId=${origin.id}`;
}
