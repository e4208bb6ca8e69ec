import { z } from 'zod';
import { BookingStatus } from './booking-transitions.ts';
import { CHANGE_FIELDS } from './booking-change-schemas.ts';

/**
 * One thing a change moves, before and after. Values are data, not words: instants as ISO text
 * (pickup, return), cents as digits (price), counts as "adults/children/seats" (party) and
 * "under10/above10/above30" (luggage), place titles joined by " · " (route), else the text.
 */
export const ChangeLine = z.object({
  field: z.enum(CHANGE_FIELDS),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type ChangeLine = z.infer<typeof ChangeLine>;

/** A change of a booking: made (by the company or the customer), or asked for by the customer and answered. */
export const BookingChangeItem = z.object({
  id: z.number().int(),
  kind: z.enum(['company', 'customer', 'request']),
  status: z.enum(['applied', 'pending', 'accepted', 'refused']),
  created_at: z.string(),
  answered_at: z.string().nullable(),
  lines: z.array(ChangeLine),
  total_before_cents: z.number().int().nullable(),
  total_after_cents: z.number().int().nullable(),
  /** Deposit still to pay after a higher price. */
  amount_due_cents: z.number().int(),
  /** Deposit given back after a lower price (card or PayPal beyond 20 % of the new price). */
  refund_cents: z.number().int(),
  reason: z.string().nullable(),
  price_reason: z.string().nullable(),
  answer_reason: z.string().nullable(),
  /** A pending request: whether it needs another car than the booking's (too small or busy then). */
  needs_other_car: z.boolean(),
});
export type BookingChangeItem = z.infer<typeof BookingChangeItem>;

/** GET /booking/changes/{id} (admin) and GET /user/booking/change/{id} (owner): the booking's changes, newest first. */
export const BookingChangesResponse = z.object({
  data: z.object({
    /** What the customer may change now (see customerChangeScope). */
    scope: z.enum(['full', 'late', 'none']),
    status: BookingStatus,
    changes: z.array(BookingChangeItem),
  }),
});
export type BookingChangesResponse = z.infer<typeof BookingChangesResponse>;

/** The answer to a change: applied at once, or kept as a request the company answers. */
export const ChangeBookingResponse = z.object({
  message: z.string(),
  data: z.object({
    id: z.number().int(),
    status: BookingStatus,
    outcome: z.enum(['applied', 'unchanged', 'requested', 'refused']),
    change: BookingChangeItem.nullable(),
    calendar_sequence: z.number().int(),
    voucher_version: z.number().int().nullable(),
    total_cents: z.number().int().nullable(),
    deposit_cents: z.number().int().nullable(),
    /** The link that pays what the change asks (a new deposit, or a paid booking's difference, decision 0152): mailed to the customer, for the company to copy. */
    checkout_url: z.string().nullable(),
  }),
});
export type ChangeBookingResponse = z.infer<typeof ChangeBookingResponse>;
