// The chauffeur's mission links.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { drivers } from './drivers.ts';
import { bookings } from './bookings.ts';

/**
 * A chauffeur's link to one mission (decision 0083): a random token stored hashed, bound to the
 * booking and the chauffeur, dead after `expires_at` or once revoked (a new assignment). `status`
 * is the last mission status given through this link.
 */
export const missionLinks = pgTable(
  'mission_links',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['en_route', 'on_site', 'on_board', 'done', 'no_show'] }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mission_links_token_hash_key').on(t.tokenHash),
    index('mission_links_booking_idx').on(t.bookingId),
    index('mission_links_driver_idx').on(t.driverId),
    check('mission_links_status_check', sql`${t.status} in ('en_route', 'on_site', 'on_board', 'done', 'no_show')`),
  ],
);
