import { useQuery } from '@tanstack/react-query';
import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { apiFetch } from '../../lib/api-fetch';
import { useCursorList } from '../../components/ui/use-cursor-list';

/** Admin booking shapes (apps/api/src/modules/bookings/booking-responses.ts). */

export const BOOKINGS_KEY = ['admin', 'bookings'] as const;

export interface BookingListItem {
  id: number;
  status: BookingStatus;
  created_at: string;
  pickup_at: string;
  rent_date: string;
  rent_time: string;
  origin: string;
  destination: string;
  customer: { id: number; fullName: string; email: string; phone: string };
  contact_name: string | null;
  car: { id: number; name: string } | null;
  total_cents: number | null;
  payment_method: 'cash' | 'stripe' | null;
}

interface Place {
  title: string;
  type: string;
}

export interface BookingDetails {
  id: number;
  status: BookingStatus;
  origin: Place;
  destination: Place;
  stops: Place[];
  rent_date: string;
  rent_time: string;
  distance: string;
  distance_estimated: boolean;
  passenger: { adults: number; children: number; children_seat: number };
  package: { under10kg: number; above10kg: number; above30kg: number };
  return_rent: boolean;
  language: string;
  customer: { fullName: string; email: string; phone: string; emailVerified: boolean };
  contact: { fullName: string | null; email: string | null; phone: string | null; state: string | null };
  car: { name: string; model: string } | null;
  one_way_cents: number | null;
  holiday_surcharge_cents: number | null;
  total_cents: number | null;
  deposit_cents: number | null;
  payment_method: 'cash' | 'stripe' | null;
  rejection_reason: string | null;
  info: {
    address: string | null;
    city: string | null;
    arriveTime: string | null;
    trainNumber: string | null;
    flightNumber: string | null;
    arriveFrom: string | null;
    message: string | null;
    date: string | null;
    returnAddress: string | null;
    returnCity: string | null;
  };
  created_at: string;
  history: { from_status: BookingStatus | null; to_status: BookingStatus; actor_kind: string; reason: string | null; created_at: string }[];
  payments: { id: number; method: 'cash' | 'stripe'; amount_cents: number; status: string; created_at: string; paid_at: string | null }[];
}

export function useBookings(filter: { status?: BookingStatus; q?: string }) {
  return useCursorList<BookingListItem>(BOOKINGS_KEY, '/booking/getAll', filter);
}

export function useBookingDetails(id: number | null) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'details', id],
    queryFn: ({ signal }) => apiFetch<{ data: BookingDetails }>(`/booking/${id}`, { signal }).then((body) => body.data),
    enabled: id !== null,
  });
}

/**
 * What the company does to a booking from the back office (no e-mail token needed): accept or
 * reject a pending one, record a cash deposit received, mark a trip done.
 */
export type BookingAction = 'accept' | 'reject' | 'deposit-received' | 'complete';

export function decideBooking(id: number, decision: BookingAction, reason?: string): Promise<{ message: string }> {
  return apiFetch(`/booking/${decision}/${id}`, { method: 'PUT', body: decision === 'reject' && reason ? { reason } : {} });
}
