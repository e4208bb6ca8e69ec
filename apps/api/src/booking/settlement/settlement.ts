import type { BalanceBody } from '@vtc/shared/booking/booking-balance';
import type { DbOrTx } from '../../platform/db/client.ts';
import { conflict } from '../../platform/lib/app-error.ts';
import type { BookingWithStops } from '../bookings-repository.ts';
import { depositsReceivedCents, insertBalance, listBalances, type BalanceRow } from './settlement-repository.ts';

/** What was paid of a booking and what is left to collect (decision 0117). */
export type Settlement = { depositCents: number; balances: BalanceRow[]; collectedCents: number; balanceDueCents: number };

export async function settlementOf(db: DbOrTx, booking: Pick<BookingWithStops, 'id' | 'totalCents' | 'companyId'>): Promise<Settlement> {
  const [depositCents, balances] = await Promise.all([depositsReceivedCents(db, booking.id), listBalances(db, booking.id)]);
  const collectedCents = depositCents + balances.reduce((sum, row) => sum + row.amountCents, 0);
  // A company member's trip is billed on the company's monthly invoice (decision 0142): nothing to collect on board.
  const dueCents = booking.companyId === null ? Math.max(0, (booking.totalCents ?? 0) - collectedCents) : 0;
  return { depositCents, balances, collectedCents, balanceDueCents: dueCents };
}

/**
 * Records what was collected of a done trip's balance, and how, in the caller's transaction on a
 * booking it has locked (decision 0117): so two records, or a record racing the chauffeur's
 * `done`, run one after the other and never take more than what remains. 409 balance_not_due
 * unless the trip is completed, balance_settled when nothing remains, balance_above_remaining
 * for more than remains.
 */
export async function recordBalance(
  tx: DbOrTx,
  booking: BookingWithStops,
  input: BalanceBody,
  actor: { kind: 'admin' | 'driver'; userId: number | null },
): Promise<Settlement> {
  if (booking.status !== 'completed') throw conflict('balance_not_due');
  const before = await settlementOf(tx, booking);
  if (before.balanceDueCents === 0) throw conflict('balance_settled');
  if (input.amountCents > before.balanceDueCents) throw conflict('balance_above_remaining');
  await insertBalance(tx, { bookingId: booking.id, amountCents: input.amountCents, method: input.method, actorKind: actor.kind, actorUserId: actor.userId });
  return settlementOf(tx, booking);
}
