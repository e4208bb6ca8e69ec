import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BalanceBody, BalanceResponse } from '@vtc/shared/booking/booking-balance';
import type { BookingStatusResponse } from '@vtc/shared/booking/booking-responses';
import { apiFetch } from '../../../lib/api-fetch';
import { BOOKINGS_KEY } from './bookings-api';

/** `PUT /booking/balance/{id}`: the company records the balance collected after the trip (decision 0117). */
export function useRecordBalance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BalanceBody) => apiFetch<BalanceResponse>(`/booking/balance/${id}`, { method: 'PUT', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}

/** `PUT /booking/no-show/{id}`: the company confirms the chauffeur's "client absent". */
export function useConfirmNoShow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<BookingStatusResponse>(`/booking/no-show/${id}`, { method: 'PUT', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}
