import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import type {
  CardPaymentResponse,
  CheckoutResponse,
  StepThreeResponse,
  StepTwoResponse,
} from '@vtc/shared/booking/booking-responses';
import type { CreateBookingResponse, LocationMode } from '@vtc/shared/booking/booking-schemas';
import type { ServiceType } from '@vtc/shared/booking/service-types';
import { apiFetch, readApiAnswer } from '../../lib/api-fetch';
import { getStoredLanguage } from '../../lib/language';
import { clearQuoteToken, getQuoteToken, getStoredBookingId } from './booking-session';

/**
 * The booking funnel's calls (spec §7); the answers' shapes are the API's response schemas
 * (packages/shared/src/booking/booking-responses.ts).
 */

export interface CreateBookingPayload {
  /** Absent: a transfer (issue 22). */
  serviceType?: ServiceType;
  origin: unknown;
  /** A transfer's arrival; a hire's optional drop-off. */
  destination?: unknown;
  stop?: unknown[];
  rentFromType: LocationMode;
  rentToType?: LocationMode;
  date: string;
  /** JSON text, as the contract says. */
  passengers: string;
  packages: string;
  europe?: boolean;
  hours?: number | undefined;
  days?: number | undefined;
  tourId?: number | undefined;
  programme?: string;
}

export function createBooking(body: CreateBookingPayload): Promise<CreateBookingResponse> {
  return apiFetch<CreateBookingResponse>('/user/booking/add', { method: 'POST', body });
}

/** The visitor's quote token of this booking as a header, when this tab holds one (decision 0092). */
function quoteHeaders(bookingId: string): Record<string, string> | undefined {
  const token = getQuoteToken(bookingId);
  return token ? { 'X-Quote-Token': token } : undefined;
}

const claims = new Map<string, Promise<unknown>>();

/**
 * The visitor's quote becomes the signed-in account's; the token is then forgotten. One request
 * per booking at a time, however many callers ask; null when this tab holds no token for it.
 */
export function claimQuote(bookingId: string): Promise<unknown> {
  const headers = quoteHeaders(bookingId);
  if (!headers) return Promise.resolve(null);
  let claim = claims.get(bookingId);
  if (!claim) {
    claim = apiFetch<unknown>(`/user/booking/claim/${encodeURIComponent(bookingId)}`, { method: 'POST', headers })
      .then((answer) => {
        clearQuoteToken();
        return answer;
      })
      .finally(() => claims.delete(bookingId));
    claims.set(bookingId, claim);
  }
  return claim;
}

export const bookingKeys = {
  stepTwo: (id: string) => ['booking', id, 'step-two'] as const,
  stepThree: (id: string) => ['booking', id, 'step-three'] as const,
};

/** When step two's answer was asked for at start-up (`prefetchStepTwo`), by booking id. */
const askedAtStart = new Map<string, number>();
/** The answer asked for at start-up is not asked for again when the page renders a moment later. */
const START_ANSWER_FRESH_MS = 5_000;

/** Step two's request for a visitor's quote, sent by index.html with the page (docs/decisions/0124). */
interface EarlyStepTwo {
  bookingId: string;
  token: string;
  language: string;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    __earlyStepTwo?: EarlyStepTwo;
  }
}

/** The answer index.html asked for, taken once, if it was asked as this page would ask it now. */
function takeEarlyStepTwo(bookingId: string): Promise<StepTwoResponse> | null {
  const early = window.__earlyStepTwo;
  if (!early) return null;
  window.__earlyStepTwo = undefined;
  if (early.bookingId !== bookingId || early.token !== getQuoteToken(bookingId) || early.language !== getStoredLanguage()) return null;
  return readApiAnswer<StepTwoResponse>(early.answer);
}

function stepTwoQuery(bookingId: string) {
  return queryOptions({
    queryKey: bookingKeys.stepTwo(bookingId),
    queryFn: ({ signal }) =>
      takeEarlyStepTwo(bookingId) ??
      apiFetch<StepTwoResponse>(`/user/booking/step-two/${encodeURIComponent(bookingId)}`, { signal, headers: quoteHeaders(bookingId) }),
    // Prices depend on the clock (night, season): fetched fresh each time the page opens, once
    // (the answer asked for at start-up serves the page's first render).
    staleTime: (query) => {
      const askedAt = askedAtStart.get(bookingId);
      return askedAt !== undefined && query.state.dataUpdatedAt >= askedAt ? START_ANSWER_FRESH_MS : 0;
    },
    retry: false,
  });
}

export function useStepTwo(bookingId: string) {
  return useQuery(stepTwoQuery(bookingId));
}

/**
 * Step two's request sent as the app starts on /summary (main.tsx), while the page's code is
 * still on its way: the page finds it in flight or answered (docs/decisions/0124).
 */
export async function prefetchStepTwo(client: QueryClient): Promise<void> {
  const bookingId = getStoredBookingId();
  if (!bookingId) return;
  askedAtStart.set(bookingId, Date.now());
  await client.prefetchQuery(stepTwoQuery(bookingId));
}

export function selectCar(bookingId: string, carId: number): Promise<MessageResponse> {
  return apiFetch<MessageResponse>(
    `/user/booking/update-car/${encodeURIComponent(bookingId)}/${carId}`,
    { method: 'PUT', body: { bookingId: Number(bookingId), carId }, headers: quoteHeaders(bookingId) },
  );
}

export function useStepThree(bookingId: string) {
  return useQuery({
    queryKey: bookingKeys.stepThree(bookingId),
    queryFn: ({ signal }) => apiFetch<StepThreeResponse>(`/user/booking/step-three/${encodeURIComponent(bookingId)}`, { signal, headers: quoteHeaders(bookingId) }),
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

export function useCheckout(id: string, token: string) {
  return useQuery({
    queryKey: ['booking', id, 'checkout', token],
    queryFn: ({ signal }) =>
      apiFetch<CheckoutResponse>(`/booking/payment/checkout/${encodeURIComponent(id)}`, {
        method: 'POST',
        body: { id: Number(id), token },
        signal,
        authenticated: false,
      }).then((body) => body.data),
    staleTime: Infinity,
    retry: false,
  });
}

export function startCardPayment(id: string, token: string): Promise<CardPaymentResponse> {
  return apiFetch<CardPaymentResponse>(`/booking/payment/stripe/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { id: Number(id), token },
    authenticated: false,
  });
}

export function startPaypalPayment(id: string, token: string): Promise<CardPaymentResponse> {
  return apiFetch<CardPaymentResponse>(`/booking/payment/paypal/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: { id: Number(id), token },
    authenticated: false,
  });
}

/** Back from PayPal: captures the approved order once (repeating is harmless, the server pays once). */
export function usePaypalCapture(id: string, order: string) {
  return useQuery({
    queryKey: ['booking', id, 'paypal-capture', order],
    queryFn: ({ signal }) =>
      apiFetch<{ paid: boolean }>(`/booking/payment/paypal/capture/${encodeURIComponent(id)}`, {
        method: 'POST',
        body: { id: Number(id), order },
        signal,
        authenticated: false,
      }),
    staleTime: Infinity,
    retry: false,
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
