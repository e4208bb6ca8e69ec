import { useQuery } from '@tanstack/react-query';
import type { BookingPage, CancelBookingResponse } from '@vtc/shared/booking/booking-responses';
import { apiFetch } from '../../../lib/api-fetch';
import { MY_BOOKINGS_KEY } from '../../../lib/my-booking-api';

/** The signed-in customer's bookings (the first 100: a customer's whole history in practice). */
export function useMyBookings() {
  return useQuery({
    queryKey: MY_BOOKINGS_KEY,
    queryFn: ({ signal }) => apiFetch<BookingPage>('/user/booking/getAll', { signal, query: { limit: 100 } }).then((page) => page.data),
  });
}

export function cancelMyBooking(id: number): Promise<CancelBookingResponse> {
  return apiFetch(`/user/booking/cancel/${id}`, { method: 'PUT' });
}
