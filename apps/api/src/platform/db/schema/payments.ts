// Payments of a booking and the provider events already handled.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { bookings, paymentMethodEnum } from './bookings.ts';
import { users } from './accounts.ts';
import { companyStatements } from './companies.ts';

export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'expired']);

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    method: paymentMethodEnum('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    /** Stripe: the Checkout Session; PayPal: the order (decision 0094). */
    providerSessionId: text('provider_session_id'),
    /** PayPal: the capture of the order, what a refund gives back. */
    providerCaptureId: text('provider_capture_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // What was given back of it: its lines in `refunds` (decision 0152).
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    uniqueIndex('payments_provider_session_key').on(t.providerSessionId),
  ],
);

/** Provider events already handled, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What was collected of a completed trip's balance, and how (decision 0117): by the chauffeur
 * from the mission page or by the company from the back office. Written under the booking's row
 * lock, so two records never take more than what remains.
 */
export const bookingBalances = pgTable(
  'booking_balances',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    method: text('method', { enum: ['cash', 'card_terminal', 'transfer'] }).notNull(),
    actorKind: text('actor_kind', { enum: ['admin', 'driver'] }).notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_balances_booking_idx').on(t.bookingId),
    check('booking_balances_amount_check', sql`${t.amountCents} > 0`),
    check('booking_balances_method_check', sql`${t.method} in ('cash', 'card_terminal', 'transfer')`),
  ],
);

/**
 * A month-end statement paid by card or PayPal (decision 0150): the provider's page opened for its
 * amount by a company admin. Succeeded once, whatever the number of events (the session's unique
 * key and the statement's own paid mark).
 */
export const statementPayments = pgTable(
  'statement_payments',
  {
    id: serial('id').primaryKey(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => companyStatements.id, { onDelete: 'restrict' }),
    method: paymentMethodEnum('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    /** Stripe: the Checkout Session; PayPal: the order. */
    providerSessionId: text('provider_session_id').notNull(),
    providerCaptureId: text('provider_capture_id'),
    openedByUserId: integer('opened_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('statement_payments_statement_idx').on(t.statementId), uniqueIndex('statement_payments_session_key').on(t.providerSessionId)],
);
