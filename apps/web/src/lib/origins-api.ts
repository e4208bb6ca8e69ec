import { useQuery } from '@tanstack/react-query';
import type { ListResponse } from '@vtc/shared/api/api-responses';
import { isLanguage } from '@vtc/shared/i18n/languages';
import type { OriginItem } from '@vtc/shared/places/place-responses';
import { apiFetch } from './api-fetch';

export function fetchOrigins(signal?: AbortSignal): Promise<OriginItem[]> {
  return apiFetch<ListResponse<OriginItem>>('/origin/getAll', { signal, authenticated: false }).then((body) =>
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

export function priceListPath(origin: OriginItem): string {
  const city = origin.title || origin.name;
  return `/price-list/${encodeURIComponent(city)}?originId=${origin.id}`;
}

/** The city as the reader sees it ("Nice", "نيس"): never the page slug (decision 0074). */
export function originName(origin: OriginItem, language: string): string {
  return isLanguage(language) ? origin.names[language] : origin.name;
}
