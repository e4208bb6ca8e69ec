import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, users } from '../../platform/db/schema.ts';

/** A booking made for a company, with who booked it. */
export async function listCompanyBookings(
  db: DbOrTx,
  options: { companyId: number; bookerId?: number; passenger?: string; costCentre?: string; beforeId?: number; limit: number },
) {
  return db
    .select({
      id: bookings.id,
      status: bookings.status,
      pickupAt: bookings.pickupAt,
      origin: sql<string>`${bookings.origin}->>'title'`,
      destination: sql<string>`${bookings.destination}->>'title'`,
      bookerId: users.id,
      bookerName: users.fullName,
      // The guest booked for (decision 0141), else the contact typed at step three.
      passengerName: sql<string | null>`coalesce(${bookings.passenger}->>'fullName', ${bookings.fullName})`,
      costCentre: bookings.costCentre,
      totalCents: bookings.totalCents,
      purchaseOrder: sql<string | null>`${bookings.billing}->>'purchaseOrder'`,
      createdAt: bookings.createdAt,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookings.companyId, options.companyId),
        options.bookerId === undefined ? undefined : eq(bookings.userId, options.bookerId),
        options.passenger === undefined
          ? undefined
          : sql`coalesce(${bookings.passenger}->>'fullName', ${bookings.fullName}, '') ilike ${`%${options.passenger.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
        options.costCentre === undefined ? undefined : eq(bookings.costCentre, options.costCentre),
        options.beforeId === undefined || options.beforeId === 0 ? undefined : lt(bookings.id, options.beforeId),
      ),
    )
    .orderBy(desc(bookings.id))
    .limit(options.limit);
}

export type CompanyBookingRow = Awaited<ReturnType<typeof listCompanyBookings>>[number];
