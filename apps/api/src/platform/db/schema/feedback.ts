// Ratings after the trip (decision 0146).
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { bookings } from './bookings.ts';
import { drivers } from './drivers.ts';

/**
 * One rating per completed trip (the unique booking id: a second send, or thirty at once, leaves
 * one row), given through the signed link of the request mail. `driver_id` is the trip's chauffeur
 * when it was rated, so a later change of assignment does not move the rating. `answer` is the
 * company's, mailed to the customer when written.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('feedback_booking_key').on(t.bookingId),
    index('feedback_driver_idx').on(t.driverId),
    check('feedback_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
