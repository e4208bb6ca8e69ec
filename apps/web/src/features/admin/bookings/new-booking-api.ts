import { useQuery } from '@tanstack/react-query';
import type { UserPage } from '@vtc/shared/auth/auth-responses';
import type { CarOffer } from '@vtc/shared/booking/booking-responses';
import type { PhoneBookingCompany, PhoneBookingInput, PhoneTripInput } from '@vtc/shared/booking/phone-booking-schemas';
import { apiFetch } from '../../../lib/api-fetch';

/** Accounts matching the back office search (name, e-mail, any form of a phone), a few at a time. */
export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: ['admin', 'new-booking', 'customers', q],
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) => apiFetch<UserPage>('/user/getAll', { signal, query: { limit: 8, q } }).then((body) => body.data),
  });
}

/**
 * Every car priced by the server for the trip (return included when asked), and the company the
 * customer books for, its discount already off (decision 0155); nothing is saved.
 */
export function priceTrip(body: PhoneTripInput): Promise<{ cars: CarOffer[]; company: PhoneBookingCompany | null }> {
  return apiFetch<{ cars: CarOffer[]; company: PhoneBookingCompany | null }>('/booking/add/prices', { method: 'POST', body });
}

/** Takes the booking: accepted at once, its car held, its voucher issued (decision 0119). */
export function addPhoneBooking(body: PhoneBookingInput): Promise<{ message: string; bookingId: number }> {
  return apiFetch<{ message: string; bookingId: number }>('/booking/add', { method: 'POST', body });
}
