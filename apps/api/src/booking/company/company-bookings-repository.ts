import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookings, users } from '../../platform/db/schema.ts';

/** A booking made for a company, with who booked it. */
export async function listCompanyBookings(
  db: DbOrTx,
  options: { companyId: number; bookerId?: number; beforeId?: number; limit: number },
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
      passengerName: bookings.fullName,
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
        options.beforeId === undefined || options.beforeId === 0 ? undefined : lt(bookings.id, options.beforeId),
      ),
    )
    .orderBy(desc(bookings.id))
    .limit(options.limit);
}

export type CompanyBookingRow = Awaited<ReturnType<typeof listCompanyBookings>>[number];
