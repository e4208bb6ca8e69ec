import type { ListResponse } from '@vtc/shared/api/api-responses';
import type { PlaceItem } from '@vtc/shared/places/place-responses';
import { apiFetch } from './api-fetch';

export function suggestPlaces(query: string, europe: boolean, signal: AbortSignal): Promise<PlaceItem[]> {
  return apiFetch<ListResponse<PlaceItem>>('/places/suggest', {
    query: { q: query, europe: europe ? 'true' : undefined },
    signal,
    authenticated: false,
  }).then((body) => body.data);
}
