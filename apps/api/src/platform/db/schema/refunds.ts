// What was given back of a booking's payments: one line per refund (decision 0152).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookingChanges } from './booking-changes.ts';
import { bookings } from './bookings.ts';
import { payments } from './payments.ts';

/**
 * A refund of a payment, a line of its own (decision 0152): a cancellation's, a lower price's
 * (`changeId`), or one the company gives later. A payment may have several; together they never
 * exceed it (the booking's row lock orders the writers, `heldCents` is what remains). Each is
 * asked of its provider once by the job `refund-<id>` with the idempotency key `idempotencyKey`
 * (`refund-<id>`; lines made before kept their earlier key); a cash one is handed back at once.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    cause: text('cause', { enum: ['cancellation', 'change', 'company'] }).notNull(),
    changeId: integer('change_id').references(() => bookingChanges.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    /** The key the provider dedupes on; null: `refund-<id>`. */
    idempotencyKey: text('idempotency_key'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** The provider's refund id; `manual` (or `manual:<reference>`) when the company gave it back itself (decision 0138). */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_booking_idx').on(t.bookingId),
    index('refunds_payment_idx').on(t.paymentId),
    index('refunds_counted_idx').on(sql`coalesce(${t.refundedAt}, ${t.requestedAt})`),
    index('refunds_change_idx').on(t.changeId),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);
