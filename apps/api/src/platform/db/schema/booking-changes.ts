// Changes of a booking after its confirmation, and the customers' requests for one (decision 0120).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './accounts.ts';
import { bookings } from './bookings.ts';
import { payments } from './payments.ts';

/** One thing a change moves (see ChangeLine in packages/shared). */
export type ChangeLineValue = { field: string; before: string | null; after: string | null };

export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** `company` and `customer` were applied at once; `request` waits for the company's answer. */
    kind: text('kind').$type<'company' | 'customer' | 'request'>().notNull(),
    status: text('status').$type<'applied' | 'pending' | 'accepted' | 'refused'>().notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The body as sent (validated): a request is applied from it when accepted. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    lines: jsonb('lines').$type<ChangeLineValue[]>().notNull().default(sql`'[]'::jsonb`),
    totalBeforeCents: integer('total_before_cents'),
    totalAfterCents: integer('total_after_cents'),
    amountDueCents: integer('amount_due_cents').notNull().default(0),
    /** Deposit a lower price gives back, from `refundPaymentId`: its refund line (`refunds.change_id`, decision 0152) follows it to the provider. */
    refundCents: integer('refund_cents').notNull().default(0),
    refundPaymentId: integer('refund_payment_id').references(() => payments.id, { onDelete: 'set null' }),
    reason: text('reason'),
    priceReason: text('price_reason'),
    needsOtherCar: boolean('needs_other_car').notNull().default(false),
    answerReason: text('answer_reason'),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_changes_booking_idx').on(t.bookingId, t.id),
    // One request at a time waits for the company's answer.
    uniqueIndex('booking_changes_one_pending_key').on(t.bookingId).where(sql`${t.status} = 'pending'`),
    check('booking_changes_kind_check', sql`${t.kind} in ('company', 'customer', 'request')`),
    check('booking_changes_status_check', sql`${t.status} in ('applied', 'pending', 'accepted', 'refused')`),
  ],
);
