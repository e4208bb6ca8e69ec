// The chauffeur's mission links.
import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, integer, pgTable, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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

/**
 * The chauffeur's phone positions from "en route" until "on board" (decision 0132), shown only to
 * the trip's customer through the tracking link. `recorded_at` is when the phone took it (the
 * order positions must keep), `keep_until` a few hours after the trip's end, when the purge job
 * deletes it (POSITION_RETENTION_HOURS).
 */
export const missionPositions = pgTable(
  'mission_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    missionLinkId: integer('mission_link_id')
      .notNull()
      .references(() => missionLinks.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    accuracyM: real('accuracy_m').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    keepUntil: timestamp('keep_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mission_positions_booking_recorded_idx').on(t.bookingId, t.recordedAt),
    index('mission_positions_keep_until_idx').on(t.keepUntil),
    check('mission_positions_lat_check', sql`${t.lat} between -90 and 90`),
    check('mission_positions_lon_check', sql`${t.lon} between -180 and 180`),
  ],
);
