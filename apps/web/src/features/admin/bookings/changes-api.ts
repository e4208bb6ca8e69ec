import { useQuery } from '@tanstack/react-query';
import type { BookingChangesResponse, ChangeBookingResponse } from '@vtc/shared/booking/booking-change-responses';
import type { AcceptChangeRequestBody, ChangeBookingInput } from '@vtc/shared/booking/booking-change-schemas';
import type { DepositLinkResponse } from '@vtc/shared/booking/deposit-link';
import { apiFetch } from '../../../lib/api-fetch';
import { BOOKINGS_KEY } from './bookings-api';

/** GET /booking/changes/{id}: the booking's changes and its customer's requests, newest first. */
export function useBookingChanges(id: number) {
  return useQuery({
    queryKey: [...BOOKINGS_KEY, 'changes', id],
    queryFn: ({ signal }) => apiFetch<BookingChangesResponse>(`/booking/changes/${id}`, { signal }).then((body) => body.data),
  });
}

/** PUT /booking/update/{id}: the company's change (decision 0120). */
export function changeBooking(id: number, body: ChangeBookingInput): Promise<ChangeBookingResponse> {
  return apiFetch(`/booking/update/${id}`, { method: 'PUT', body });
}

/** POST /booking/deposit-link/{id}: a new deposit link, mailed to the customer and answered (decision 0177). */
export function sendDepositLink(id: number): Promise<DepositLinkResponse> {
  return apiFetch(`/booking/deposit-link/${id}`, { method: 'POST' });
}

/** PUT /booking/change-request/{accept|refuse}/{id}: the company's answer to the customer's waiting request. */
export function answerChangeRequest(id: number, answer: 'accept' | 'refuse', body: AcceptChangeRequestBody | { reason?: string } = {}): Promise<ChangeBookingResponse> {
  return apiFetch(`/booking/change-request/${answer}/${id}`, { method: 'PUT', body: body ?? {} });
}
