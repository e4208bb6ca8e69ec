import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, cars } from '../../platform/db/schema.ts';

export type CarRow = typeof cars.$inferSelect;
export type CarValues = Pick<CarRow, 'name' | 'number' | 'model' | 'seats' | 'packages'>;

/** The fleet in creation order; `offeredOnly` leaves out the cars hidden from customers. */
export async function listCars(db: DbOrTx, options: { offeredOnly?: boolean } = {}): Promise<CarRow[]> {
  return db
    .select()
    .from(cars)
    .where(options.offeredOnly ? eq(cars.hidden, false) : undefined)
    .orderBy(asc(cars.id));
}

export async function findCar(db: DbOrTx, id: number): Promise<CarRow | undefined> {
  const [row] = await db.select().from(cars).where(eq(cars.id, id)).limit(1);
  return row;
}

/** Reads a car and locks its row until the transaction ends (its pricing bands are checked under this lock). */
export async function lockCar(tx: DbOrTx, id: number): Promise<CarRow | undefined> {
  const [row] = await tx.select().from(cars).where(eq(cars.id, id)).for('update');
  return row;
}

export async function insertCar(db: DbOrTx, values: CarValues & { imgUrl: string }): Promise<CarRow> {
  const [row] = await db.insert(cars).values(values).returning();
  if (!row) throw new Error('car insert returned nothing');
  return row;
}

export async function updateCar(db: DbOrTx, id: number, values: CarValues & { imgUrl?: string }): Promise<CarRow | undefined> {
  const [row] = await db
    .update(cars)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(cars.id, id))
    .returning();
  return row;
}

/** Deletes a car; its pricing bands and price-list prices go with it (ON DELETE CASCADE). */
export async function deleteCar(db: DbOrTx, id: number): Promise<CarRow | undefined> {
  const [row] = await db.delete(cars).where(eq(cars.id, id)).returning();
  return row;
}

/** Shows or hides a car for customers; its prices stay (decision 0074). */
export async function setCarHidden(db: DbOrTx, id: number, hidden: boolean): Promise<CarRow | undefined> {
  const [row] = await db
    .update(cars)
    .set({ hidden, updatedAt: sql`now()` })
    .where(eq(cars.id, id))
    .returning();
  return row;
}

/** The statuses of a booking still to be driven (they hold a car, decisions §9). */
const TRIP_STATUSES = ['pending', 'accepted', 'paid'] as const;

export type UpcomingBookingRow = Pick<typeof bookings.$inferSelect, 'id' | 'pickupAt' | 'fullName' | 'origin' | 'destination'> & {
  status: (typeof TRIP_STATUSES)[number];
};

/** The car's bookings still to be driven (outward or return pickup after `now`), soonest first. */
export async function listUpcomingBookings(db: DbOrTx, carId: number, now: Date): Promise<UpcomingBookingRow[]> {
  const rows = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      pickupAt: bookings.pickupAt,
      fullName: bookings.fullName,
      origin: bookings.origin,
      destination: bookings.destination,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.carId, carId),
        inArray(bookings.status, [...TRIP_STATUSES]),
        or(gt(bookings.pickupAt, now), and(eq(bookings.returnRent, true), gt(bookings.returnAt, now))),
      ),
    )
    .orderBy(asc(bookings.pickupAt), asc(bookings.id));
  return rows.map((row) => ({ ...row, status: row.status as UpcomingBookingRow['status'] }));
}
