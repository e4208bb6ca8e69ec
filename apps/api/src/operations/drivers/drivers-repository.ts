import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, drivers } from '../../platform/db/schema.ts';

export type DriverRow = typeof drivers.$inferSelect;
export type DriverValues = Pick<DriverRow, 'fullName' | 'phone' | 'email' | 'languages' | 'active'>;

/** Bookings that still hold a trip (the statuses that hold a car, decisions §9). */
const TRIP_STATUSES = ['pending', 'accepted', 'paid'] as const;

export async function listDrivers(db: DbOrTx): Promise<DriverRow[]> {
  return db.select().from(drivers).orderBy(asc(drivers.fullName), asc(drivers.id));
}

export async function insertDriver(db: DbOrTx, values: DriverValues): Promise<DriverRow> {
  const [row] = await db.insert(drivers).values(values).returning();
  if (!row) throw new Error('driver insert returned nothing');
  return row;
}

export async function updateDriver(db: DbOrTx, id: number, values: DriverValues): Promise<DriverRow | undefined> {
  const [row] = await db
    .update(drivers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(drivers.id, id))
    .returning();
  return row;
}

/**
 * Locks the chauffeur's row until the transaction ends, so a delete and an assignment of the
 * same chauffeur cannot both pass their checks. Undefined when there is no such chauffeur.
 */
export async function lockDriver(tx: DbOrTx, id: number): Promise<DriverRow | undefined> {
  const [row] = await tx.select().from(drivers).where(eq(drivers.id, id)).for('update');
  return row;
}

/** Whether a booking still to be driven (outward or return pickup after `now`) names this chauffeur. */
export async function hasTripsToCome(db: DbOrTx, driverId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.driverId, driverId),
        inArray(bookings.status, [...TRIP_STATUSES]),
        or(gt(bookings.pickupAt, now), and(eq(bookings.returnRent, true), gt(bookings.returnAt, now))),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Deletes a chauffeur; their past trips keep no chauffeur (ON DELETE SET NULL). */
export async function deleteDriver(db: DbOrTx, id: number): Promise<DriverRow | undefined> {
  const [row] = await db.delete(drivers).where(eq(drivers.id, id)).returning();
  return row;
}

export async function findDriver(db: DbOrTx, id: number): Promise<DriverRow | undefined> {
  const [row] = await db.select().from(drivers).where(eq(drivers.id, id));
  return row;
}
