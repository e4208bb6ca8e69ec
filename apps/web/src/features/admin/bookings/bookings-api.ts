import { useQuery } from '@tanstack/react-query';
import type { ItemResponse, ListResponse } from '@vtc/shared/api/api-responses';
import type { CarItem } from '@vtc/shared/cars/car-responses';
import type { DriverItem } from '@vtc/shared/drivers/driver-responses';
import type { AssignResponse } from '@vtc/shared/missions/mission-responses';
import type { AssignBody } from '@vtc/shared/missions/mission-schemas';
import type { BookingDetails, BookingPage, BookingStatusResponse } from '@vtc/shared/booking/booking-responses';
import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import type { BookingMessagesResponse } from '@vtc/shared/booking/booking-message-responses';
import type { ServiceType } from '@vtc/shared/booking/service-types';
import { apiFetch } from '../../../lib/api-fetch';
import { useCursorList } from '../../../lib/use-cursor-list';

export const BOOKINGS_KEY = ['admin', 'bookings'] as const;

export function useBookings(filter: { status?: BookingStatus; serviceType?: ServiceType; q?: string; from?: string; to?: string }) {
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

/** The chauffeurs and cars the drawer's "Assign" section offers (admin lists). */
export function useAssignChoices(enabled: boolean) {
  const drivers = useQuery({
    queryKey: ['admin', 'drivers', {}],
    queryFn: ({ signal }) => apiFetch<ListResponse<DriverItem>>('/driver/getAll', { signal }).then((body) => body.data),
    enabled,
  });
  const cars = useQuery({
    queryKey: ['admin', 'cars', {}],
    queryFn: ({ signal }) => apiFetch<ListResponse<CarItem>>('/car/getAll', { signal }).then((body) => body.data),
    enabled,
  });
  return { drivers, cars };
}

/** `PUT /booking/assign/{id}`: the chauffeur gets their mission link, the customer "your chauffeur". */
export function assignBooking(id: number, body: AssignBody): Promise<AssignResponse> {
  return apiFetch(`/booking/assign/${id}`, { method: 'PUT', body });
}

/** `GET /booking/messages/{id}`: the booking's mails and texts with their delivery status, asked for when the drawer's section opens. */
export function useBookingMessages(id: number) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'messages', id],
    queryFn: ({ signal }) => apiFetch<BookingMessagesResponse>(`/booking/messages/${id}`, { signal }).then((body) => body.data),
  });
}
