import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import type { ServiceType } from '@vtc/shared/booking/service-types';
import { storedHistoryReason, type HistoryActorKind, type HistoryReasonCode } from '@vtc/shared/booking/history-entries';
import type { DbOrTx } from '../platform/db/client.ts';
import { bookingChanges, bookingStatusHistory, bookingStops, bookings, cars, drivers, payments, users, type PlaceValue } from '../platform/db/schema.ts';
import { prepareOnce } from '../platform/db/prepared-statements.ts';
import { matchesAll, type SearchTerms } from '../platform/db/text-search.ts';

export type BookingRow = typeof bookings.$inferSelect;
export type BookingWithStops = BookingRow & { stops: PlaceValue[] };
export type NewBooking = typeof bookings.$inferInsert;

/**
 * Who may see a booking: its owner, or any admin (decisions 4); with `quoteTokenHash`, also the
 * visitor's quote that token opens while no account has claimed it (decision 0092).
 */
export type BookingAccess = { userId: number | null; isAdmin: boolean; quoteTokenHash?: string | null };
/** Who made a change, as the history records it. */
export type Actor = { userId: number | null; kind: HistoryActorKind };
/** A chauffeur's mission status, kept in the history beside the booking's status (decision 0083). */
export type MissionStatusValue = NonNullable<(typeof bookingStatusHistory.$inferInsert)['missionStatus']>;

/** The stops in order as one JSON array; the outer row is named explicitly (drizzle leaves single-table columns unqualified). */
export const stopsColumn = sql<PlaceValue[]>`coalesce((select json_agg(s.place order by s.position) from ${bookingStops} s where s.booking_id = ${bookings}.id), '[]'::json)`;

/**
 * The account of a booking past the quote: the database refuses a pending (or later) booking
 * without one (decision 0092), so a null here is a bug, not a customer's mistake.
 */
export function accountOf(booking: Pick<BookingRow, 'id' | 'userId'>): number {
  if (booking.userId === null) throw new Error(`booking ${booking.id} has no account`);
  return booking.userId;
}

function visibleTo(id: number, access: BookingAccess): SQL | undefined {
  if (access.isAdmin) return eq(bookings.id, id);
  const owner = access.userId === null ? undefined : eq(bookings.userId, access.userId);
  const quote = access.quoteTokenHash ? and(isNull(bookings.userId), eq(bookings.quoteTokenHash, access.quoteTokenHash)) : undefined;
  return and(eq(bookings.id, id), or(owner, quote) ?? sql`false`);
}

export async function insertBooking(tx: DbOrTx, values: NewBooking, stops: readonly PlaceValue[]): Promise<BookingRow> {
  const [row] = await tx.insert(bookings).values(values).returning();
  if (!row) throw new Error('booking insert returned nothing');
  if (stops.length > 0) {
    await tx.insert(bookingStops).values(stops.map((place, index) => ({ bookingId: row.id, position: index + 1, place })));
  }
  return row;
}

const selectWithStops = (db: DbOrTx) => db.select({ ...getTableColumns(bookings), stops: stopsColumn }).from(bookings);

/** A booking with its stops in order (one prepared query); undefined when missing or not the caller's. */
export async function findBooking(db: DbOrTx, id: number, access: BookingAccess): Promise<BookingWithStops | undefined> {
  if (access.quoteTokenHash || (!access.isAdmin && access.userId === null)) {
    const [quote] = await selectWithStops(db).where(visibleTo(id, access));
    return quote;
  }
  const [row] = access.isAdmin
    ? await prepareOnce(db, 'booking_by_id', (d) =>
        selectWithStops(d).where(eq(bookings.id, sql.placeholder('id'))).prepare('booking_by_id'),
      ).execute({ id })
    : await prepareOnce(db, 'booking_by_id_and_owner', (d) =>
        selectWithStops(d)
          .where(and(eq(bookings.id, sql.placeholder('id')), eq(bookings.userId, sql.placeholder('userId'))))
          .prepare('booking_by_id_and_owner'),
      ).execute({ id, userId: access.userId });
  return row;
}

/** Like findBooking, and locks the booking row until the transaction ends. */
export async function lockBooking(tx: DbOrTx, id: number, access: BookingAccess): Promise<BookingWithStops | undefined> {
  const [row] = await selectWithStops(tx)
    .where(visibleTo(id, access))
    .for('update', { of: bookings });
  return row;
}

export async function updateBooking(tx: DbOrTx, id: number, values: Partial<NewBooking>): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bookings.id, id))
    .returning();
  if (!row) throw new Error(`booking ${id} vanished`);
  return row;
}

/**
 * Moves a booking from `from` to `to` only if it is still in `from`: the conditional update
 * makes concurrent attempts produce one transition. Undefined when the status was not `from`.
 */
export async function transitionBooking(
  tx: DbOrTx,
  id: number,
  from: BookingStatus,
  to: BookingStatus,
  values: Partial<NewBooking> = {},
): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ ...values, status: to, updatedAt: sql`now()` })
    .where(and(eq(bookings.id, id), eq(bookings.status, from)))
    .returning();
  return row;
}

export async function recordTransition(
  tx: DbOrTx,
  entry: {
    bookingId: number;
    from: BookingStatus | null;
    to: BookingStatus;
    actor: Actor;
    /** Why, as a code with words in every language (decision 0122). */
    reason?: HistoryReasonCode | null;
    /** Words a person typed (a rejection's reason) or a payment provider's reference, shown as they are. */
    note?: string | null;
    missionStatus?: MissionStatusValue;
    /** A total set by hand with this change, and the server's price it replaced (decision 0119). */
    price?: { manualCents: number; listCents: number };
  },
): Promise<void> {
  await tx.insert(bookingStatusHistory).values({
    bookingId: entry.bookingId,
    fromStatus: entry.from,
    toStatus: entry.to,
    actorUserId: entry.actor.userId,
    actorKind: entry.actor.kind,
    reason: storedHistoryReason(entry.reason, entry.note),
    missionStatus: entry.missionStatus ?? null,
    manualPriceCents: entry.price?.manualCents ?? null,
    listPriceCents: entry.price?.listCents ?? null,
  });
}

export async function listHistory(db: DbOrTx, bookingId: number) {
  return db
    .select()
    .from(bookingStatusHistory)
    .where(eq(bookingStatusHistory.bookingId, bookingId))
    .orderBy(asc(bookingStatusHistory.createdAt), asc(bookingStatusHistory.id));
}

/** The chauffeur assigned to a booking, as the customer sees them (name and phone). */
export async function findChauffeur(db: DbOrTx, driverId: number | null): Promise<{ fullName: string; phone: string } | null> {
  if (driverId === null) return null;
  const [row] = await db.select({ fullName: drivers.fullName, phone: drivers.phone }).from(drivers).where(eq(drivers.id, driverId));
  return row ?? null;
}

export async function listPayments(db: DbOrTx, bookingId: number) {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id));
}

/** What changes of the booking gave back after a lower price (decision 0120), each with the payment it came from. */
export async function listChangeRefunds(db: DbOrTx, bookingId: number) {
  return db
    .select({
      paymentId: payments.id,
      method: payments.method,
      amountCents: bookingChanges.refundCents,
      requestedAt: bookingChanges.createdAt,
      refundedAt: bookingChanges.refundedAt,
    })
    .from(bookingChanges)
    .innerJoin(payments, eq(payments.id, bookingChanges.refundPaymentId))
    .where(and(eq(bookingChanges.bookingId, bookingId), gt(bookingChanges.refundCents, 0)))
    .orderBy(asc(bookingChanges.id));
}
export type ChangeRefundRow = Awaited<ReturnType<typeof listChangeRefunds>>[number];

/** Keyset position: the exact created_at text (microseconds kept) and the id of the last row seen. */
export type PageCursor = { createdAt: string; id: number };

export type BookingListRow = BookingRow & {
  cursorAt: string;
  customer: { id: number; fullName: string; email: string; phone: string };
  car: { id: number; name: string } | null;
};

/** Beyond this many accounts matching a search, their bookings are found by a subquery instead of a list of ids. */
const ACCOUNT_IDS_MAX = 1000;

/** A search with the accounts it matches looked up: their ids, or `many` when there are more than ACCOUNT_IDS_MAX. */
export type ResolvedSearch = SearchTerms & { accountIds: number[] | 'many' };

/**
 * Looks up the accounts whose name, e-mail or phone match (pg_trgm index on `users.search_text`).
 * A list of ids lets the planner see how few bookings they hold and pick the bookings' trigram
 * and user indexes; a subquery it cannot size made it walk every booking for a rare phone.
 */
export async function resolveSearch(db: DbOrTx, search: SearchTerms): Promise<ResolvedSearch> {
  const byAccount = matchesAll(users, search);
  if (!byAccount) return { ...search, accountIds: [] };
  const rows = await db.select({ id: users.id }).from(users).where(byAccount).limit(ACCOUNT_IDS_MAX + 1);
  return { ...search, accountIds: rows.length > ACCOUNT_IDS_MAX ? 'many' : rows.map((row) => row.id) };
}

/**
 * The bookings a search finds (decision 0071): the contact typed at step three or the account
 * matches every pattern (pg_trgm indexes on both `search_text` columns), or the booking number
 * is the one asked.
 */
function searchCondition(search: ResolvedSearch): SQL | undefined {
  const byAccount = matchesAll(users, search);
  let ofAccounts: SQL | undefined;
  if (search.accountIds === 'many') {
    // So common that the newest bookings hold matches soon: a plain subquery, walked by date.
    ofAccounts = byAccount && sql`${bookings.userId} in (select ${users.id} from ${users} where ${byAccount})`;
  } else if (search.accountIds.length > 0) {
    ofAccounts = inArray(bookings.userId, search.accountIds);
  }
  return or(
    matchesAll(bookings, search),
    ofAccounts,
    search.bookingId === undefined ? undefined : eq(bookings.id, search.bookingId),
  );
}

export type BookingListFilter = {
  status?: BookingStatus;
  /** One service (issue 22). */
  serviceType?: ServiceType;
  /** One account's bookings (the customer's own list). */
  userId?: number;
  search?: ResolvedSearch;
  /** Pickup on or after this instant. */
  pickupFrom?: Date;
  /** Pickup before this instant. */
  pickupBefore?: Date;
  after?: PageCursor;
  limit: number;
};

/**
 * A page of bookings, newest first (created_at desc, id desc), after a cursor. Filters use the
 * (status, created_at, id), pickup, search (trigram) and primary key indexes; no count.
 */
export async function listBookingsPage(db: DbOrTx, filter: BookingListFilter): Promise<BookingListRow[]> {
  const rows = await bookingsPageQuery(db, filter);
  return rows.map(({ carRef, ...row }) => ({ ...row, car: carRef }));
}

/** The query of `listBookingsPage`, unrun: the benchmark reads its plan. */
export function bookingsPageQuery(db: DbOrTx, filter: BookingListFilter) {
  return db
    .select({
      ...getTableColumns(bookings),
      cursorAt: sql<string>`to_char(${bookings.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      customer: { id: users.id, fullName: users.fullName, email: users.email, phone: users.phone },
      carRef: { id: cars.id, name: cars.name },
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(cars, eq(cars.id, bookings.carId))
    .where(
      and(
        filter.status ? eq(bookings.status, filter.status) : undefined,
        filter.serviceType ? eq(bookings.serviceType, filter.serviceType) : undefined,
        filter.userId === undefined ? undefined : eq(bookings.userId, filter.userId),
        filter.search ? searchCondition(filter.search) : undefined,
        filter.pickupFrom ? gte(bookings.pickupAt, filter.pickupFrom) : undefined,
        filter.pickupBefore ? lt(bookings.pickupAt, filter.pickupBefore) : undefined,
        filter.after
          ? sql`(${bookings.createdAt}, ${bookings.id}) < (${filter.after.createdAt}::timestamptz, ${filter.after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(filter.limit);
}
