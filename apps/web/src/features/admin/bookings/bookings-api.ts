import { useQuery } from '@tanstack/react-query';
import type { ItemResponse } from '@vtc/shared/api/api-responses';
import type { BookingDetails, BookingPage, BookingStatusResponse } from '@vtc/shared/booking/booking-responses';
import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { apiFetch } from '../../../lib/api-fetch';
import { useCursorList } from '../../../lib/use-cursor-list';

export const BOOKINGS_KEY = ['admin', 'bookings'] as const;

export function useBookings(filter: { status?: BookingStatus; q?: string; from?: string; to?: string }) {
  return useCursorList<BookingPage>(BOOKINGS_KEY, '/booking/getAll', filter);
}

export function useBookingDetails(id: number | null) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'details', id],
    queryFn: ({ signal }) => apiFetch<ItemResponse<BookingDetails>>(`/booking/${id}`, { signal }).then((body) => body.data),
    enabled: id !== null,
  });
}

/**
 * What the company does to a booking from the back office (no e-mail token needed): accept or
 * reject a pending one, record a cash deposit received, mark a trip done.
 */
export type BookingAction = 'accept' | 'reject' | 'deposit-received' | 'complete';

export function decideBooking(id: number, decision: BookingAction, reason?: string): Promise<BookingStatusResponse> {
  return apiFetch(`/booking/${decision}/${id}`, { method: 'PUT', body: decision === 'reject' && reason ? { reason } : {} });
}
