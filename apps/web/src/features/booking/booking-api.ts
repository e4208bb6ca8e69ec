import { useQuery } from '@tanstack/react-query';
import type { CreateBookingResponse, LocationMode, PaymentMethod } from '@vtc/shared/booking/booking-schemas';
import type { PlaceSuggestion } from '../../components/ui/location-picker';
import { apiFetch } from '../../lib/api-fetch';

/**
 * The booking funnel's calls (spec §7) and the response shapes the API declares in
 * apps/api/src/modules/bookings/booking-responses.ts and the payments routes.
 */

export interface PlaceOut {
  title: string;
  type: LocationMode;
  lat: number | null;
  lon: number | null;
  placeId: string | null;
  country: string | null;
}

export interface BookingSummary {
  id: number;
  status: string;
  origin: PlaceOut;
  destination: PlaceOut;
  stops: PlaceOut[];
  /** dd/mm/yyyy, Paris clocks */
  rent_date: string;
  /** HH:MM (24 h), Paris clocks */
  rent_time: string;
  pickup_at: string;
  /** datetime-local on Paris clocks */
  pickup_local: string;
  distance: string;
  distance_km: number;
  distance_estimated: boolean;
  price_cents: number | null;
  deposit_cents: number | null;
  rent_from_type: LocationMode;
  rent_to_type: LocationMode;
  passenger: { adults: number; children: number; children_seat: number };
  package: { under10kg: number; above10kg: number; above30kg: number };
  car_id: number | null;
  return_rent: boolean;
}

export type NotBookableReason = 'car_not_allowed' | 'no_pricing_band' | 'no_season';

export interface CarOffer {
  id: number;
  name: string;
  model: string;
  img_url: string | null;
  seats: number;
  packages: number;
  allowed: boolean;
  reason?: NotBookableReason;
  price_cents?: number;
  deposit_cents?: number;
  source?: 'price_list' | 'pricing';
  night: boolean;
  holiday: boolean;
}

export interface StepTwo {
  booking: BookingSummary;
  cars: CarOffer[];
}

export interface CarSummary {
  id: number;
  name: string;
  model: string;
  img_url: string | null;
  seats: number;
  packages: number;
}

export interface BookingInfo {
  state: string | null;
  method: PaymentMethod | null;
  address: string | null;
  city: string | null;
  arriveTime: string | null;
  trainNumber: string | null;
  flightNumber: string | null;
  arriveFrom: string | null;
  message: string | null;
  returnRent: boolean;
  date: string | null;
  returnAddress: string | null;
  returnCity: string | null;
  returnArriveTime: string | null;
  returnArriveFrom: string | null;
  returnTrainNumber: string | null;
  returnFlightNumber: string | null;
}

export interface StepThree extends Omit<BookingSummary, 'price_cents' | 'deposit_cents'> {
  car: CarSummary;
  price_cents: number;
  deposit_cents: number;
  round_trip_price_cents: number;
  round_trip_deposit_cents: number;
  night: boolean;
  holiday: boolean;
  holiday_surcharge_percent: number;
  customer: { fullName: string; email: string; phone: string };
  info: BookingInfo;
}

export interface MessageResponse {
  message: string;
}

export function suggestPlaces(query: string, europe: boolean, signal: AbortSignal): Promise<PlaceSuggestion[]> {
  return apiFetch<{ data: PlaceSuggestion[] }>('/places/suggest', {
    query: { q: query, europe: europe ? 'true' : undefined },
    signal,
    authenticated: false,
  }).then((body) => body.data);
}

export interface CreateBookingPayload {
  origin: unknown;
  destination: unknown;
  stop: unknown[];
  rentFromType: LocationMode;
  rentToType: LocationMode;
  date: string;
  /** JSON text, as the contract says. */
  passengers: string;
  packages: string;
  europe: boolean;
}

export function createBooking(body: CreateBookingPayload): Promise<CreateBookingResponse> {
  return apiFetch<CreateBookingResponse>('/user/booking/add', { method: 'POST', body });
}

export const bookingKeys = {
  stepTwo: (id: string) => ['booking', id, 'step-two'] as const,
  stepThree: (id: string) => ['booking', id, 'step-three'] as const,
};

export function useStepTwo(bookingId: string) {
  return useQuery({
    queryKey: bookingKeys.stepTwo(bookingId),
    queryFn: ({ signal }) => apiFetch<StepTwo>(`/user/booking/step-two/${encodeURIComponent(bookingId)}`, { signal }),
    // Prices depend on the clock (night, season): always fetched fresh when the page opens.
    staleTime: 0,
    retry: false,
  });
}

export function selectCar(bookingId: string, carId: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(
    `/user/booking/update-car/${encodeURIComponent(bookingId)}/${carId}`,
    { method: 'PUT', body: { bookingId: Number(bookingId), carId } },
  );
}

export function useStepThree(bookingId: string) {
  return useQuery({
    queryKey: bookingKeys.stepThree(bookingId),
    queryFn: ({ signal }) => apiFetch<StepThree>(`/user/booking/step-three/${encodeURIComponent(bookingId)}`, { signal }),
    staleTime: 0,
    retry: false,
  });
}

export function updateBookingInfo(bookingId: string, body: Record<string, unknown>): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/user/booking/update-booking-info/${encodeURIComponent(bookingId)}`, {
    method: 'PUT',
    body,
  });
}

/** POST /booking/payment/checkout/{id}: what the deposit link shows. */
export interface Checkout {
  booking: BookingSummary;
  car: CarSummary | null;
  total_cents: number;
  deposit_cents: number;
  balance_cents: number;
  payment_method: PaymentMethod | null;
  stripeEnabled: boolean;
}

export function useCheckout(id: string, token: string) {
  return useQuery({
    queryKey: ['booking', id, 'checkout', token],
    queryFn: ({ signal }) =>
      apiFetch<{ data: Checkout }>(`/booking/payment/checkout/${encodeURIComponent(id)}`, {
        method: 'POST',
        body: { id: Number(id), token },
        signal,
        authenticated: false,
      }).then((body) => body.data),
    staleTime: Infinity,
    retry: false,
  });
}

export function startCardPayment(id: string, token: string): Promise<{ url: string }> {
  return apiFetch<{ url: string }>(`/booking/payment/stripe/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { id: Number(id), token },
    authenticated: false,
  });
}

export function chooseCashPayment(id: string, token: string): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(`/booking/payment/cash/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { id: Number(id), token },
    authenticated: false,
  });
}

/**
 * PUT /booking/accept/{id} or /booking/reject/{id} with the e-mailed token. Run as a query so
 * the single-use token is spent once, even when the page renders twice.
 */
export function useBookingDecision(id: string, accept: boolean, token: string) {
  return useQuery({
    queryKey: ['booking', id, 'decision', accept, token],
    queryFn: () =>
      apiFetch<MessageResponse>(`/booking/${accept ? 'accept' : 'reject'}/${encodeURIComponent(id)}`, {
        method: 'PUT',
        body: { token },
      }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
