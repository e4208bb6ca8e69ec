import { and, eq } from 'drizzle-orm';
import type { HistoryReasonCode } from '@vtc/shared/booking/history-entries';
import type { DbOrTx } from '../../platform/db/client.ts';
import { payments } from '../../platform/db/schema.ts';
import { conflict } from '../../platform/lib/app-error.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { retireBookingTokens } from '../booking-tokens.ts';
import { recordTransition, updateBooking, type Actor, type BookingWithStops } from '../bookings-repository.ts';
import { issueCreditNotes } from '../documents/booking-invoices.ts';
import { issueVoucherVersion } from '../documents/booking-vouchers.ts';
import { replaceHolds } from '../holds/car-holds-repository.ts';
import { queueBookingChangedMails, type ChangeMoney } from '../mails/booking-change-mails.ts';
import { issueCheckoutLink } from '../payments/checkout-links.ts';
import { listRefundablePayments, paymentsHeldCents } from '../payments/payments-repository.ts';
import { addRefund } from '../payments/refund-lines.ts';
import { schedulePickupReminder } from '../reminders/booking-reminders.ts';
import { changeLines } from './change-lines.ts';
import { insertChange, replaceStops, updateChange, type BookingChangeRow } from './changes-repository.ts';
import type { ChangePlan } from './plan-change.ts';

/** `checkoutUrl`: the link that pays what the change asks (a new deposit, or a paid booking's difference), for the back office to copy. */
export type AppliedChange = { booking: BookingWithStops; change: BookingChangeRow | null; voucherVersion: number | null; checkoutUrl?: string | null };

type ChangeMeta = {
  kind: 'company' | 'customer';
  actor: Actor;
  body: Record<string, unknown>;
  reason: string | null;
  priceReason: string | null;
  /** The history line's reason when not the kind's own (a flight's delay). */
  reasonCode?: HistoryReasonCode;
  /** The customer's request this applies, answered `accepted` by it. */
  request?: BookingChangeRow;
};

/**
 * Writes a planned change in the caller's transaction (decision 0120): the car is held at the new
 * times (the exclusion constraint: 409 car_busy) unless the chauffeur has another trip then (409
 * driver_busy); the booking, its history line, a new voucher version once accepted, the calendar
 * SEQUENCE raised, the money (a new deposit link, or the part of a card or PayPal deposit beyond
 * 20 % of the new price given back by a durable job) and the mails saying what changed. A plan that
 * changes nothing writes nothing.
 */
export async function applyChange(tx: DbOrTx, deps: Pick<BookingsDeps, 'config'>, booking: BookingWithStops, plan: ChangePlan, meta: ChangeMeta): Promise<AppliedChange> {
  const lines = changeLines(plan.before, plan.after);
  if (lines.length === 0) return { booking, change: null, voucherVersion: null };
  if (plan.driverBusy) throw conflict('driver_busy');
  if (plan.after.carId === null) throw conflict('invalid_transition');
  if (plan.legs) await replaceHolds(tx, booking.id, plan.after.carId, plan.legs);
  const row = await updateBooking(tx, booking.id, { ...plan.values, calendarSequence: booking.calendarSequence + 1 });
  const updated: BookingWithStops = { ...row, stops: plan.after.stops };
  if (plan.after.stops !== booking.stops) await replaceStops(tx, booking.id, plan.after.stops);
  const reasonCode = meta.reasonCode ?? (meta.request ? 'change_request_accepted' : meta.kind === 'company' ? 'changed_by_company' : 'changed_by_customer');
  const note = [meta.reason, meta.priceReason].filter(Boolean).join(' — ');
  await recordTransition(tx, { bookingId: booking.id, from: booking.status, to: booking.status, actor: meta.actor, reason: reasonCode, note });

  const accepted = booking.status === 'accepted' || booking.status === 'paid';
  const voucher = accepted ? await issueVoucherVersion(tx, deps.config, booking.id) : undefined;
  const returnMoved = updated.returnRent !== booking.returnRent || updated.returnAt?.getTime() !== booking.returnAt?.getTime();
  if (accepted && (plan.values.pickupAt?.getTime() !== booking.pickupAt.getTime() || returnMoved)) await schedulePickupReminder(tx, deps.config, updated);

  const money = await settleMoney(tx, deps, booking, updated);
  const values = {
    lines,
    totalBeforeCents: booking.totalCents,
    totalAfterCents: updated.totalCents,
    amountDueCents: money.dueCents,
    refundCents: money.refundCents,
    refundPaymentId: money.refunds[0]?.payment.id ?? null,
    priceReason: meta.priceReason,
  };
  const change = meta.request
    ? await updateChange(tx, meta.request.id, { ...values, status: 'accepted', answeredBy: meta.actor.userId, answeredAt: new Date() })
    : await insertChange(tx, { ...values, bookingId: booking.id, kind: meta.kind, status: 'applied', actorUserId: meta.actor.userId, body: meta.body, reason: meta.reason });
  // Each part a line of its own, asked of its provider by its own job, once (decision 0152).
  for (const part of money.refunds) await addRefund(tx, { ...part.payment, bookingId: booking.id }, part.cents, 'change', new Date(), change.id);
  // What is given back is credited on the deposit's receipt, as every refund (decision 0162).
  const creditNotes = money.refundCents > 0 ? await issueCreditNotes(tx, deps.config, booking.id, money.refundCents) : [];
  await queueBookingChangedMails(tx, deps, updated, { lines, money: { ...money, creditNotes: creditNotes.map((note) => note.number) }, requestAccepted: Boolean(meta.request), byCustomer: meta.kind === 'customer' && !meta.request });
  return { booking: updated, change, voucherVersion: voucher?.version ?? null, checkoutUrl: money.checkoutUrl };
}

/**
 * The deposit after a new price. Accepted and not paid yet: the deposit page asks the new amount
 * (a new link, the old one retired; a promised cash deposit is the new amount). Paid: a higher
 * deposit asks the difference through the same deposit page and its choices (a new link, decision
 * 0152: card, PayPal, or cash to the chauffeur); a lower one gives back what a card or PayPal
 * deposit holds beyond it.
 */
/** A new deposit link (the earlier ones retired), valid until pickup and at least a day. */
async function newCheckoutLink(tx: DbOrTx, deps: Pick<BookingsDeps, 'config'>, booking: BookingWithStops): Promise<string> {
  await retireBookingTokens(tx, booking.id, 'checkout');
  return (await issueCheckoutLink(tx, deps.config.PUBLIC_URL, booking)).url;
}

type RefundPart = { payment: { id: number; method: 'stripe' | 'paypal' }; cents: number };

async function settleMoney(tx: DbOrTx, deps: Pick<BookingsDeps, 'config'>, before: BookingWithStops, after: BookingWithStops): Promise<ChangeMoney & { refunds: RefundPart[] }> {
  const none = { dueCents: 0, checkoutUrl: null, refundCents: 0, refunds: [] as RefundPart[] };
  const deposit = after.depositCents ?? 0;
  if (deposit === (before.depositCents ?? 0)) return none;
  if (before.status === 'accepted') {
    if (before.paymentMethod === 'cash') {
      await tx.update(payments).set({ amountCents: deposit }).where(and(eq(payments.bookingId, before.id), eq(payments.method, 'cash'), eq(payments.status, 'pending')));
      return { ...none, dueCents: deposit };
    }
    return { ...none, dueCents: deposit, checkoutUrl: await newCheckoutLink(tx, deps, after) };
  }
  if (before.status !== 'paid') return none;
  const held = await paymentsHeldCents(tx, before.id);
  if (deposit > held) return { ...none, dueCents: deposit - held, checkoutUrl: await newCheckoutLink(tx, deps, after) };
  // Lower again before the difference was paid: the link asking it stops working.
  await retireBookingTokens(tx, before.id, 'checkout');
  // What the card and PayPal payments hold beyond the new deposit, the latest paid first (a difference paid online goes back before the deposit).
  let left = held - deposit;
  const refunds: RefundPart[] = [];
  for (const payment of (await listRefundablePayments(tx, before.id)).reverse()) {
    const cents = Math.min(left, payment.amountCents);
    if (cents <= 0) break;
    refunds.push({ payment: { id: payment.id, method: payment.method }, cents });
    left -= cents;
  }
  const refundCents = refunds.reduce((sum, part) => sum + part.cents, 0);
  return refundCents > 0 ? { ...none, refundCents, refunds } : none;
}
