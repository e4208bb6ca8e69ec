// Chauffeurs: records the company keeps, not accounts.
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * A chauffeur: a record the company keeps, not an account (decisions §9). `languages` holds the
 * codes of DRIVER_LANGUAGES (packages/shared drivers/driver-schemas.ts), checked here as well.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('drivers_languages_check', sql`${t.languages} <@ array['fr','en','ar','it','es','de','ru','zh']::text[]`),
    index('drivers_full_name_idx').on(t.fullName, t.id),
  ],
);
