import type { DurationBody } from '@vtc/shared/calendar/duration-schemas';
import type { HolidayBody } from '@vtc/shared/calendar/holiday-schemas';
import type { SeasonBody, SeasonName } from '@vtc/shared/calendar/season-schemas';
import type { DestinationBody, OriginBody } from '@vtc/shared/places/place-schemas';
import type { PricingListBody } from '@vtc/shared/pricing/pricing-list-schemas';
import type { PricingBody } from '@vtc/shared/pricing/pricing-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { crudResource } from '../components/ui/admin-crud';

/**
 * The back-office collections, as the API answers them (apps/api/src/modules/<name>/*-responses.ts).
 * Several screens read the same lists (the pricing form lists cars and seasons), so they live here.
 */

interface Dated {
  id: number;
  createdAt: string;
}

export interface Car extends Dated {
  name: string;
  number: string;
  model: string;
  seats: number;
  packages: number;
  /** Path under the API host, e.g. /uploads/<name>.webp. */
  img_url: string | null;
}

export interface Season extends Dated {
  name: SeasonName;
  startMonth: number;
  endMonth: number;
}

export interface Holiday extends Dated {
  title: string;
  day: number;
  month: number;
}

export interface Duration extends Dated {
  origin: string;
  destination: string;
  /** Minutes. */
  duration: number;
}

interface CarRef {
  id: number;
  name: string;
  img_url: string | null;
}

/** Amounts in EUR (null when not set). */
export interface Pricing extends Dated {
  carId: number;
  seasonId: number;
  km_start: number;
  km_end: number | null;
  min_price: number | null;
  price_perKm: number | null;
  min_price_night: number | null;
  price_night: number | null;
  min_price_cents: number | null;
  price_per_km_cents: number | null;
  min_price_night_cents: number | null;
  price_night_cents: number | null;
  car: CarRef;
  season: { id: number; name: SeasonName; start_month: number; end_month: number };
}

export interface PricingListEntry extends Dated {
  origin: { id: number; name: string; title: string | null };
  destination: { id: number; name: string };
  place_to: string | null;
  pricingCars: { id: number; price: number; price_cents: number; car: CarRef }[];
}

export interface Origin {
  id: number;
  name: string;
  title: string | null;
}

export interface Destination {
  id: number;
  name: string;
  originId: number;
}

export const carsResource = crudResource<Car, FormData>('/car', ['admin', 'cars']);
export const seasonsResource = crudResource<Season, SeasonBody>('/season', ['admin', 'seasons']);
export const holidaysResource = crudResource<Holiday, HolidayBody>('/holiday', ['admin', 'holidays']);
export const durationsResource = crudResource<Duration, DurationBody>('/duration', ['admin', 'durations']);
export const pricingResource = crudResource<Pricing, PricingBody>('/pricing', ['admin', 'pricing']);
export const pricingListResource = crudResource<PricingListEntry, PricingListBody>('/pricingList', ['pricingList']);
export const originsResource = crudResource<Origin, OriginBody>('/origin', ['origins']);
export const destinationsResource = crudResource<Destination, DestinationBody>('/destination', ['destinations']);

/** A car as a column of the public price list (GET /pricingList/cars). */
export type PriceListCar = Pick<Car, 'id' | 'name' | 'img_url' | 'seats' | 'packages'>;

const listOf = <T,>(body: { data?: T[] } | undefined): T[] => (Array.isArray(body?.data) ? body.data : []);

/** The destinations reached from an origin (public). */
export function useDestinations(originId: number | undefined) {
  return useQuery({
    queryKey: [...destinationsResource.key, originId],
    queryFn: ({ signal }) =>
      apiFetch<{ data?: Destination[] }>(`/destination/getAll/${originId}`, { signal, authenticated: false }).then(listOf),
    enabled: originId !== undefined,
  });
}

/** The origins of the price list (public). */
export function useOriginList() {
  return useQuery({
    queryKey: [...originsResource.key, 'public'],
    queryFn: ({ signal }) => apiFetch<{ data?: Origin[] }>('/origin/getAll', { signal, authenticated: false }).then(listOf),
  });
}

/** The cars as price-list columns (public). */
export function usePriceListCars() {
  return useQuery({
    queryKey: [...pricingListResource.key, 'cars'],
    queryFn: ({ signal }) => apiFetch<{ data?: PriceListCar[] }>('/pricingList/cars', { signal, authenticated: false }).then(listOf),
  });
}

/** Fixed-price routes from an origin to a destination (public). */
export function usePriceListEntries(originId: number | undefined, destinationId: number | undefined) {
  return useQuery({
    queryKey: [...pricingListResource.key, { location: originId, place: destinationId }],
    queryFn: ({ signal }) =>
      apiFetch<{ data?: PricingListEntry[] }>('/pricingList/getAll', {
        signal,
        authenticated: false,
        query: { location: originId, place: destinationId },
      }).then(listOf),
    enabled: originId !== undefined && destinationId !== undefined,
  });
}
