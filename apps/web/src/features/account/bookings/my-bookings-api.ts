import { useQuery } from '@tanstack/react-query';
import type { BookingPage, CancelBookingResponse, CustomerBookingDetailsResponse } from '@vtc/shared/booking/booking-responses';
import { apiFetch } from '../../../lib/api-fetch';

export const MY_BOOKINGS_KEY = ['my-bookings'] as const;

/** The signed-in customer's bookings (the first 100: a customer's whole history in practice). */
export function useMyBookings() {
  return useQuery({
    queryKey: MY_BOOKINGS_KEY,
    queryFn: ({ signal }) => apiFetch<BookingPage>('/user/booking/getAll', { signal, query: { limit: 100 } }).then((page) => page.data),
  });
}

export function useMyBooking(id: number) {
  return useQuery({
    queryKey: [...MY_BOOKINGS_KEY, id],
    queryFn: ({ signal }) => apiFetch<CustomerBookingDetailsResponse>(`/user/booking/details/${id}`, { signal }).then((body) => body.data),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function cancelMyBooking(id: number): Promise<CancelBookingResponse> {
  return apiFetch(`/user/booking/cancel/${id}`, { method: 'PUT' });
}
