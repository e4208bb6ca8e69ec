import { and, eq, gte, lt } from 'drizzle-orm';
import type { RatingFigures } from '@vtc/shared/feedback/feedback-responses';
import { getParisParts } from '@vtc/shared/time/paris-time';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, drivers, feedback } from '../../platform/db/schema.ts';

const pad = (value: number) => String(value).padStart(2, '0');
const monthOf = (instant: Date) => {
  const p = getParisParts(instant);
  return `${p.year}-${pad(p.month)}`;
};
const average = (sum: number, count: number) => Math.round((sum / count) * 100) / 100;

/**
 * The dashboard's ratings (decision 0146) of the trips picked up in [start, end): average (two
 * decimals) and count per chauffeur (the one who drove when it was rated; null for none), best
 * first, and per Paris month of the trip, oldest first; months without a rating are left out.
 */
export async function ratingFigures(db: DbOrTx, start: Date, end: Date): Promise<RatingFigures> {
  const rows = await db
    .select({ rating: feedback.rating, driverId: feedback.driverId, driverName: drivers.fullName, pickupAt: bookings.pickupAt })
    .from(feedback)
    .innerJoin(bookings, eq(bookings.id, feedback.bookingId))
    .leftJoin(drivers, eq(drivers.id, feedback.driverId))
    .where(and(gte(bookings.pickupAt, start), lt(bookings.pickupAt, end)));
  const byDriver = new Map<number | null, { driverId: number | null; driverName: string | null; count: number; sum: number }>();
  const byMonth = new Map<string, { count: number; sum: number }>();
  for (const row of rows) {
    const driver = byDriver.get(row.driverId) ?? { driverId: row.driverId, driverName: row.driverName, count: 0, sum: 0 };
    driver.count += 1;
    driver.sum += row.rating;
    byDriver.set(row.driverId, driver);
    const key = monthOf(row.pickupAt);
    const month = byMonth.get(key) ?? { count: 0, sum: 0 };
    month.count += 1;
    month.sum += row.rating;
    byMonth.set(key, month);
  }
  return {
    byDriver: [...byDriver.values()]
      .map(({ sum, ...driver }) => ({ ...driver, average: average(sum, driver.count) }))
      .sort((a, b) => b.average - a.average || b.count - a.count || (a.driverName ?? '').localeCompare(b.driverName ?? '')),
    byMonth: [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, { count, sum }]) => ({ month, count, average: average(sum, count) })),
  };
}
