/**
 * What a booking's history line may say besides its statuses (decision 0122). Each code has its
 * words in fr, en and ar on the screens (history-entries.test.ts in the web checks it), so a code
 * added here without words fails the tests, and the API can only record a code listed here.
 */
export const HISTORY_REASON_CODES = [
  'quote_claimed',
  'free_cancellation',
  'free_cancellation_refunded',
  'late_cancellation',
  'late_cancellation_deposit_kept',
  'cash_deposit_received',
  'no_show',
] as const;
export type HistoryReasonCode = (typeof HISTORY_REASON_CODES)[number];

/** Who made a change: the booking's customer, an admin, a payment provider, a chauffeur's link. */
export const HISTORY_ACTOR_KINDS = ['customer', 'admin', 'system', 'driver'] as const;
export type HistoryActorKind = (typeof HISTORY_ACTOR_KINDS)[number];

export function isHistoryReasonCode(value: string | null | undefined): value is HistoryReasonCode {
  return (HISTORY_REASON_CODES as readonly (string | null | undefined)[]).includes(value);
}

/** A history line's reason to show: a code's words, or what a person typed (a rejection) or a payment provider's reference, as it is. */
export type HistoryReason = { code: HistoryReasonCode } | { text: string };

export function historyReason(reason: string | null | undefined): HistoryReason | null {
  if (reason === null || reason === undefined || reason === '') return null;
  return isHistoryReasonCode(reason) ? { code: reason } : { text: reason };
}
