import type { DurationBody } from '@vtc/shared/calendar/duration-schemas';
import type { HolidayBody } from '@vtc/shared/calendar/holiday-schemas';
import type { SeasonBody } from '@vtc/shared/calendar/season-schemas';
import type { DestinationBody, OriginBody } from '@vtc/shared/places/place-schemas';
import type { PricingListBody } from '@vtc/shared/pricing/pricing-list-schemas';
import type { PricingBody } from '@vtc/shared/pricing/pricing-schemas';
import type { HourlyRateBody } from '@vtc/shared/pricing/hire-rate-schemas';
import type { ListResponse } from '@vtc/shared/api/api-responses';
import type { DurationItem, HolidayItem, SeasonItem } from '@vtc/shared/calendar/calendar-responses';
import type { CarItem, CarVisibilityResponse } from '@vtc/shared/cars/car-responses';
import type { DestinationItem, OriginItem } from '@vtc/shared/places/place-responses';
import type { TourItem } from '@vtc/shared/tours/tour-responses';
import type { HourlyRateItem, PriceListCar, PricingItem, PricingListItem, PricingListResponse } from '@vtc/shared/pricing/pricing-responses';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-fetch';
import { crudResource } from './crud-resource';

/**
 * The back-office collections; their shapes are the API's response schemas (packages/shared).
 * Several screens read the same lists (the pricing form lists cars and seasons), so they live here.
 */

export const carsResource = crudResource<CarItem, FormData>('/car', ['admin', 'cars']);
export const seasonsResource = crudResource<SeasonItem, SeasonBody>('/season', ['admin', 'seasons']);
export const holidaysResource = crudResource<HolidayItem, HolidayBody>('/holiday', ['admin', 'holidays']);
export const durationsResource = crudResource<DurationItem, DurationBody>('/duration', ['admin', 'durations']);
export const pricingResource = crudResource<PricingItem, PricingBody>('/pricing', ['admin', 'pricing']);
export const hourlyRatesResource = crudResource<HourlyRateItem, HourlyRateBody>('/hourlyRate', ['admin', 'hourlyRates']);
export const toursResource = crudResource<TourItem, FormData>('/tour', ['admin', 'tours']);
export const pricingListResource = crudResource<PricingListItem, PricingListBody>('/pricingList', ['pricingList']);
export const originsResource = crudResource<OriginItem, OriginBody>('/origin', ['origins']);
export const destinationsResource = crudResource<DestinationItem, DestinationBody>('/destination', ['destinations']);

/** Hides a car from customers (true) or offers it again; the answer lists the trips it still has to drive. */
export function setCarHidden(id: number, hidden: boolean): Promise<CarVisibilityResponse> {
  return apiFetch<CarVisibilityResponse>(`/car/visibility/${id}`, { method: 'PUT', body: { hidden } });
}

const listOf = <T,>(body: ListResponse<T> | undefined): T[] => (Array.isArray(body?.data) ? body.data : []);

/** The destinations reached from an origin (public). */
export function useDestinations(originId: number | undefined) {
  return useQuery({
    queryKey: [...destinationsResource.key, originId],
    queryFn: ({ signal }) =>
      apiFetch<ListResponse<DestinationItem>>(`/destination/getAll/${originId}`, { signal, authenticated: false }).then(listOf),
    enabled: originId !== undefined,
  });
}

/** The cars as price-list columns (public). */
export function usePriceListCars() {
  return useQuery({
    queryKey: [...pricingListResource.key, 'cars'],
    queryFn: ({ signal }) => apiFetch<ListResponse<PriceListCar>>('/pricingList/cars', { signal, authenticated: false }).then(listOf),
  });
}

/** Fixed-price routes from an origin to a destination (public). */
export function usePriceListEntries(originId: number | undefined, destinationId: number | undefined) {
  return useQuery({
    queryKey: [...pricingListResource.key, { location: originId, place: destinationId }],
    queryFn: ({ signal }) =>
      apiFetch<PricingListResponse>('/pricingList/getAll', {
        signal,
        authenticated: false,
        query: { location: originId, place: destinationId },
      }).then(listOf),
    // Without a destination: every route from the origin (the price list's map).
    enabled: originId !== undefined,
  });
}

/** The tours on sale with this season's price per car (public). */
export function usePublicTours() {
  return useQuery({
    queryKey: ['tours', 'public'],
    queryFn: ({ signal }) => apiFetch<ListResponse<TourItem>>('/tour/getAll', { signal, authenticated: false }).then(listOf),
  });
}

/** One tour on sale (public); a hidden or unknown tour fails with the API's 404. */
export function usePublicTour(id: number) {
  return useQuery({
    queryKey: ['tours', 'public', id],
    queryFn: ({ signal }) => apiFetch<{ data: TourItem }>(`/tour/get/${id}`, { signal, authenticated: false }).then((body) => body.data),
    retry: false,
  });
}
