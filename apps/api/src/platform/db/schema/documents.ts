// Vouchers, invoices and credit notes, with their gapless numbering.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { languageEnum } from './accounts.ts';
import { bookings } from './bookings.ts';
import { payments } from './payments.ts';

/**
 * The next number of each gapless series (decision 0088): one row per (series, year), moved on by
 * `update ... set next = next + 1 returning` inside the transaction that issues the document, so a
 * rollback gives the number back and two issuers wait for each other on the row.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: ['voucher', 'receipt', 'invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    next: integer('next').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Booking vouchers (bon de réservation, decision 0087): one row per version, the frozen data it
 * shows; the PDF is drawn again from it. A change issues a new version; rows are never updated.
 */
export const bookingVouchers = pgTable(
  'booking_vouchers',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_vouchers_booking_version_key').on(t.bookingId, t.version),
    uniqueIndex('booking_vouchers_number_version_key').on(t.number, t.version),
  ],
);

/**
 * Deposit receipts, invoices and credit notes (decision 0088). Amounts are cents, negative on a
 * credit note; `data` is everything the PDF shows, frozen when issued. Rows are never updated.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['receipt', 'invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    customerName: text('customer_name').notNull(),
    language: languageEnum('language').notNull(),
    totalExclTaxCents: integer('total_excl_tax_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalInclTaxCents: integer('total_incl_tax_cents').notNull(),
    depositCents: integer('deposit_cents').notNull().default(0),
    /** VAT rate in hundredths of a percent (1000 = 10 %). */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    creditOf: integer('credit_of'),
    /** A receipt's payment (decision 0152): a booking has a receipt per payment it received, never two for one. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_kind_year_sequence_key').on(t.kind, t.year, t.sequence),
    uniqueIndex('invoices_number_key').on(t.number),
    // One trip invoice per booking; a receipt per payment (decision 0152).
    uniqueIndex('invoices_booking_invoice_key').on(t.bookingId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_payment_key').on(t.paymentId),
    // A document is credited by as many notes as refunds, up to its amount (decision 0162): the issuers hold the booking's lock.
    index('invoices_credit_of_idx').on(t.creditOf),
    index('invoices_issued_idx').on(t.issuedAt, t.id),
  ],
);

/**
 * A business document's passage through the certified e-invoicing platform (decision 0139): one
 * row per document, added in the transaction that issues it when a platform is configured. The
 * send job fills `platformId` once the platform has the file and never posts it again; the status
 * job follows the platform's lifecycle status until a final one.
 */
export const einvoiceSubmissions = pgTable(
  'einvoice_submissions',
  {
    invoiceId: integer('invoice_id')
      .primaryKey()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    /** queued (not yet with the platform), then the platform's status: deposited, issued, received, accepted, refused, rejected, paid… */
    status: text('status').notNull().default('queued'),
    platformId: text('platform_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('einvoice_submissions_status_idx').on(t.status)],
);
