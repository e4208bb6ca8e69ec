// Accounts: users, sessions and the single-use links mailed to them.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const roleEnum = pgEnum('role', ['user', 'admin']);

export const languageEnum = pgEnum('language', ['fr', 'en', 'ar']);

/**
 * A business customer's company as their invoices show it (decision 0134): identifiers compact;
 * on a booking, with the purchase order given at step three.
 */
export type BillingValue = {
  companyName: string;
  address: string;
  siren: string | null;
  vatNumber: string | null;
  purchaseOrder?: string | null;
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    role: roleEnum('role').notNull().default('user'),
    language: languageEnum('language').notNull().default('fr'),
    /** When the owner proved they read `email`; null until then and again after a change of address. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // The terms of sale and privacy policy accepted at registration; null for accounts made otherwise (admin CLI).
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * When the owner last agreed to get texts about their bookings (step three or the profile);
     * null when they never did or took it back (decision 0130).
     */
    smsConsentAt: timestamp('sms_consent_at', { withTimezone: true }),
    /** Set when the owner deleted the account: personal data is erased, the row stays for bookings and invoices (decision 0090). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * In every access token; bumped by a sign-out, a password reset or change, which refuses every
     * access token issued before (decision 0106). Its changes are announced to the read caches.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The company a card-paying business customer has their invoices made out to; null for a private customer. */
    billing: jsonb('billing').$type<BillingValue>(),
    /** Folded name, e-mail and phone digits for the back office search (search_document, migration 0011; decision 0071). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_document("full_name", "email", "phone")`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt, t.id),
    // Any word of the name, e-mail or phone (LIKE '%word%') through trigrams.
    index('users_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // A phone by its start or its end (phone_key, migration 0027; decision 0104).
    index('users_phone_key_idx').using('btree', sql`phone_key(${t.phone}) text_pattern_ops`),
    index('users_phone_key_reversed_idx').using('btree', sql`reverse(phone_key(${t.phone})) text_pattern_ops`),
  ],
);

/** Refresh tokens are stored hashed; a family is one login, rotated at every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/** Single-use links that sign in without the password (decision 0106), stored hashed. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sign_in_links_token_hash_key').on(t.tokenHash), index('sign_in_links_user_idx').on(t.userId)],
);

/** Single-use links that prove an address: bound to the address they were sent to, stored hashed. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);
