import { useQuery } from '@tanstack/react-query';
import type { CustomerBookingDetailsResponse } from '@vtc/shared/booking/booking-responses';
import { apiFetch } from './api-fetch';

/** The signed-in customer's bookings, the list and each one: a cancel invalidates them all. */
export const MY_BOOKINGS_KEY = ['my-bookings'] as const;

/**
 * GET /user/booking/details/{id}: the signed-in owner's booking, as "Mes réservations" shows it
 * and the thank-you pages recap it (decision 0101). One query for both, so the booking is fetched
 * once and a cancel refreshes the recap too. Not fetched while `id` is null or not a valid id.
 */
export function useMyBooking(id: number | null, options: { retry?: false } = {}) {
  return useQuery({
    queryKey: [...MY_BOOKINGS_KEY, id],
    queryFn: ({ signal }) => apiFetch<CustomerBookingDetailsResponse>(`/user/booking/details/${id}`, { signal }).then((body) => body.data),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    ...options,
  });
}
