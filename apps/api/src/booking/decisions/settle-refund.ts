import type { SettleRefundBody } from '@vtc/shared/booking/company-cancel-schemas';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { accessOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { lockBooking, recordTransition } from '../bookings-repository.ts';
import { listRefundLines, manualRefundId, markRefunded } from '../payments/refund-lines.ts';

/**
 * A refund the provider could not make, made by the company itself (decision 0138): a bank
 * transfer, the provider's own dashboard. Only a line in `by_hand` (its refund job is over
 * without a refund, so nothing will ask the provider again) can be settled: a line still in its
 * provider's hands is 409 refund_in_progress, a line already given back 409
 * refund_already_settled, an unknown line 404 refund_not_found. Under the booking's row lock, so
 * two admins settle it once; the history keeps who, the amount and the reference.
 */
export async function settleRefundByHand(deps: Pick<BookingsDeps, 'db'>, auth: AccessClaims, id: number, body: SettleRefundBody, now: Date = new Date()) {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, accessOf(auth));
    if (!booking) throw notFound('booking_not_found');
    const line = (await listRefundLines(tx, id)).find((candidate) => candidate.id === body.refund);
    if (!line) throw notFound('refund_not_found');
    if (line.state === 'refunded') throw conflict('refund_already_settled');
    if (line.state === 'pending') throw conflict('refund_in_progress');
    await markRefunded(tx, line.refundId, manualRefundId(body.reference), now);
    const note = [formatEuros(line.amountCents, 'fr'), body.reference].filter(Boolean).join(' — ');
    await recordTransition(tx, {
      bookingId: id,
      from: booking.status,
      to: booking.status,
      actor: { userId: auth.userId, kind: 'admin' },
      reason: 'refund_settled_by_hand',
      note,
    });
    return { id, refund: line.id, refundedAt: now };
  });
}
