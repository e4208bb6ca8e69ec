import type { CompanyRefundBody } from '@vtc/shared/booking/company-cancel-schemas';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { fieldError, notFound } from '../../platform/lib/app-error.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { accessOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { lockBooking, recordTransition } from '../bookings-repository.ts';
import { listPaidPayments } from '../payments/payments-repository.ts';
import { issueRefundCreditNote } from '../documents/booking-invoices.ts';
import { queueCompanyRefundMail } from '../mails/booking-mails.ts';
import { addRefund } from '../payments/refund-lines.ts';

/**
 * The company gives back part of what a booking's payments still hold (decision 0152): a goodwill
 * gesture, a trip shortened after it was paid, on top of any earlier refund. Under the booking's
 * row lock, so concurrent refunds are measured one after the other against what remains; more
 * than remains is 400 refund_above_paid (on `amountCents`) and nothing changes. Taken from the
 * payments oldest first, each part a refund line of its own given back by its provider's job,
 * once; cash is recorded as handed back. The history keeps the amount and the reason; a credit
 * note is issued when a document is left to credit, and the customer is mailed (decision 0157).
 */
export async function companyRefund(deps: Pick<BookingsDeps, 'db' | 'config'>, auth: AccessClaims, id: number, body: CompanyRefundBody, now: Date = new Date()) {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, accessOf(auth));
    if (!booking) throw notFound('booking_not_found');
    const paid = await listPaidPayments(tx, id);
    const holding = paid.reduce((sum, payment) => sum + payment.amountCents, 0);
    if (body.amountCents > holding) throw fieldError('amountCents', 'refund_above_paid');
    let left = body.amountCents;
    const lines: string[] = [];
    for (const payment of paid) {
      const cents = Math.min(left, payment.amountCents);
      if (cents <= 0) break;
      lines.push(`refund-${await addRefund(tx, payment, cents, 'company', now)}`);
      left -= cents;
    }
    await recordTransition(tx, {
      bookingId: id,
      from: booking.status,
      to: booking.status,
      actor: { userId: auth.userId, kind: 'admin' },
      reason: 'refund_given',
      note: [formatEuros(body.amountCents, 'fr'), body.reason].join(' — '),
    });
    // Its credit note, and the customer's mail (decision 0157).
    const note = await issueRefundCreditNote(tx, deps.config, id, body.amountCents);
    const creditNote = note?.number ?? null;
    await queueCompanyRefundMail(tx, deps, booking, { amountCents: body.amountCents, reason: body.reason, creditNote });
    return { id, refunds: lines, refundCents: body.amountCents, creditNote };
  });
}
