import { and, desc, eq } from 'drizzle-orm';
import type { BookingChangeItem } from '@vtc/shared/booking/booking-change-responses';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingChanges, bookingStops, type PlaceValue } from '../../platform/db/schema.ts';

export type BookingChangeRow = typeof bookingChanges.$inferSelect;
export type NewBookingChange = typeof bookingChanges.$inferInsert;

export async function insertChange(tx: DbOrTx, values: NewBookingChange): Promise<BookingChangeRow> {
  const [row] = await tx.insert(bookingChanges).values(values).returning();
  if (!row) throw new Error('booking change insert returned nothing');
  return row;
}

export async function updateChange(tx: DbOrTx, id: number, values: Partial<NewBookingChange>): Promise<BookingChangeRow> {
  const [row] = await tx.update(bookingChanges).set(values).where(eq(bookingChanges.id, id)).returning();
  if (!row) throw new Error(`booking change ${id} vanished`);
  return row;
}

/** A changed route's stops, in order. */
export async function replaceStops(tx: DbOrTx, bookingId: number, stops: readonly PlaceValue[]): Promise<void> {
  await tx.delete(bookingStops).where(eq(bookingStops.bookingId, bookingId));
  if (stops.length > 0) await tx.insert(bookingStops).values(stops.map((place, index) => ({ bookingId, position: index + 1, place })));
}

/** The request of a booking still waiting for the company's answer (one at most, by a unique index). */
export async function findPendingRequest(db: DbOrTx, bookingId: number): Promise<BookingChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, 'pending')));
  return row;
}

/** A booking's changes and requests, newest first. */
export async function listChanges(db: DbOrTx, bookingId: number): Promise<BookingChangeRow[]> {
  return db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, bookingId)).orderBy(desc(bookingChanges.id));
}

export function toChangeItem(row: BookingChangeRow): BookingChangeItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    lines: row.lines as BookingChangeItem['lines'],
    total_before_cents: row.totalBeforeCents,
    total_after_cents: row.totalAfterCents,
    amount_due_cents: row.amountDueCents,
    refund_cents: row.refundCents,
    reason: row.reason,
    price_reason: row.priceReason,
    answer_reason: row.answerReason,
    needs_other_car: row.needsOtherCar,
  };
}
