// Business customers: company accounts, their members and the invitations sent to join them (decision 0134).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { languageEnum, users } from './accounts.ts';

export const companyStatusEnum = pgEnum('company_status', ['requested', 'active', 'refused']);

export const companyRoleEnum = pgEnum('company_role', ['admin', 'booker']);

/**
 * A company account (hotel, concierge, agency, firm): its identity as its invoices show it and its
 * terms. A visitor's request is `requested` until the owner approves (`active`) or refuses it; the
 * owner's own companies are active at once. `contact_*` is who asked, answered by mail.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    legalName: text('legal_name').notNull(),
    /** SIREN (9 digits) or SIRET (14), compact; null for a foreign company known by its VAT number. */
    siren: text('siren'),
    /** Intra-EU VAT number, compact (FR40303265045). */
    vatNumber: text('vat_number'),
    billingAddress: text('billing_address').notNull(),
    billingEmails: text('billing_emails').array().notNull().default(sql`'{}'::text[]`),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** What the company may owe at most (decision 0151): null sets no limit, 0 gives no credit (every on-account booking refused). */
    creditLimitCents: integer('credit_limit_cents'),
    purchaseOrderRequired: boolean('purchase_order_required').notNull().default(false),
    costCentres: text('cost_centres').array().notNull().default(sql`'{}'::text[]`),
    /** Discount on every price in hundredths of a percent (750 = 7.5 %). */
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    status: companyStatusEnum('status').notNull().default('active'),
    contactFullName: text('contact_full_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** The language the request was made in: the answer to it is mailed in it. */
    language: languageEnum('language').notNull().default('fr'),
    refusalReason: text('refusal_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_status_created_idx').on(t.status, t.createdAt, t.id),
    check('companies_siren_check', sql`${t.siren} ~ '^([0-9]{9}|[0-9]{14})$'`),
    check('companies_identity_check', sql`${t.siren} is not null or ${t.vatNumber} is not null`),
    check('companies_terms_check', sql`${t.paymentTermsDays} between 0 and 60 and ${t.creditLimitCents} >= 0 and ${t.discountBasisPoints} between 0 and 10000`),
  ],
);

/**
 * Who books for a company: one company per account (the unique user), as an admin (manages the
 * members, sees every booking of the company) or a booker.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: companyRoleEnum('role').notNull().default('booker'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_members_user_key').on(t.userId), index('company_members_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * An address invited to join a company that has no verified account yet: it joins, with the role,
 * when an account with that address verifies it (decision 0134). One per company and address.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: companyRoleEnum('role').notNull().default('booker'),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('company_invitations_company_email_key').on(t.companyId, t.email),
    index('company_invitations_email_idx').on(t.email),
  ],
);

/**
 * A company's month-end invoice (decision 0142): its completed on-account trips of a month, numbered
 * in the invoices' own gapless series (F-YYYY-NNNNNN, the same counter), frozen in `data`. One per
 * company and month (the unique key); the owner marks it paid.
 */
export const companyStatements = pgTable(
  'company_statements',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** YYYY-MM, Paris months. */
    month: text('month').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    totalExclTaxCents: integer('total_excl_tax_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalInclTaxCents: integer('total_incl_tax_cents').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How it was paid (decision 0150): by card (stripe) or PayPal through the company's space, or recorded by hand (manual). */
    paidMethod: text('paid_method', { enum: ['stripe', 'paypal', 'manual'] }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Its passage through the certified platform (decisions 0139, 0150): null when none was
     * configured at issue; `queued` until sent, then the platform's status. Sent once: the send
     * job skips a row that has the platform's id.
     */
    einvoiceStatus: text('einvoice_status'),
    einvoicePlatformId: text('einvoice_platform_id'),
    einvoiceError: text('einvoice_error'),
    einvoiceSentAt: timestamp('einvoice_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('company_statements_company_month_key').on(t.companyId, t.month),
    uniqueIndex('company_statements_number_key').on(t.number),
    index('company_statements_due_idx').on(t.dueAt).where(sql`${t.paidAt} is null`),
  ],
);
