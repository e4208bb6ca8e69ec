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
  'changed_by_company',
  'changed_by_customer',
  'change_request_accepted',
  'change_request_refused',
  'refund_settled_by_hand',
  'moved_for_flight',
  'deposit_difference_paid',
  'refund_given',
  'no_decision_before_pickup',
] as const;
export type HistoryReasonCode = (typeof HISTORY_REASON_CODES)[number];

/** Who made a change: the booking's customer, an admin, a payment provider, a chauffeur's link. */
export const HISTORY_ACTOR_KINDS = ['customer', 'admin', 'system', 'driver'] as const;
export type HistoryActorKind = (typeof HISTORY_ACTOR_KINDS)[number];

export function isHistoryReasonCode(value: string | null | undefined): value is HistoryReasonCode {
  return (HISTORY_REASON_CODES as readonly (string | null | undefined)[]).includes(value);
}

/**
 * A history line's reason to show: a code's words (with what a person typed beside it, such as a
 * change's motive), or what a person typed (a rejection) or a payment provider's reference alone.
 */
export type HistoryReason = { code: HistoryReasonCode; text?: string } | { text: string };

/** Between a code and the words typed with it, in the stored reason. */
const NOTE_SEPARATOR = ' — ';

/** The stored reason of a history line: its code, the words typed, or the code then the words. */
export function storedHistoryReason(reason: HistoryReasonCode | null | undefined, note: string | null | undefined): string | null {
  if (reason && note) return `${reason}${NOTE_SEPARATOR}${note}`;
  return reason ?? note ?? null;
}

export function historyReason(reason: string | null | undefined): HistoryReason | null {
  if (reason === null || reason === undefined || reason === '') return null;
  if (isHistoryReasonCode(reason)) return { code: reason };
  const cut = reason.indexOf(NOTE_SEPARATOR);
  const code = cut > 0 ? reason.slice(0, cut) : null;
  if (isHistoryReasonCode(code)) return { code, text: reason.slice(cut + NOTE_SEPARATOR.length) };
  return { text: reason };
}
