import type { FastifyBaseLogger } from 'fastify';
import { isPickupTimeValid } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { fieldError, notFound } from '../../platform/lib/app-error.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import { queueDepositPaidMails, queuePaymentForClosedBookingMail } from '../mails/booking-mails.ts';
import { consumeBookingToken, isBookingTokenValid, retireBookingTokens } from '../booking-tokens.ts';
import { findBooking, lockBooking, recordTransition, transitionBooking, updateBooking, type BookingWithStops } from '../bookings-repository.ts';
import { issueDepositReceipt } from '../documents/booking-invoices.ts';
import { markStatementSessionEnded, settleStatementPayment } from '../company/statement-payments.ts';
import { closeOpenPayments } from './open-payments.ts';
import type { PaidPayment, ProviderId } from './payment-provider.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { findProviderPayment, insertPayment, markSessionEnded, markSessionPaid, paymentsHeldCents, recordPaymentEvent } from './payments-repository.ts';

export type PaymentsDeps = { db: Db; config: Config; providers: PaymentProviders; log: FastifyBaseLogger };

/** The deposit pages act by link token, not by session: any booking is reachable, the token decides. */
const BY_TOKEN = { userId: 0, isAdmin: true } as const;

/**
 * What a booking still owes of its deposit (decision 0152): the deposit less what its succeeded
 * payments still hold. An accepted booking owes the whole deposit; a paid one whose price went up
 * owes the difference.
 */
export async function depositOwedCents(db: DbOrTx, booking: Pick<BookingWithStops, 'id' | 'depositCents'>): Promise<number> {
  return Math.max(0, (booking.depositCents ?? 0) - (await paymentsHeldCents(db, booking.id)));
}

/**
 * The booking of a deposit link, and what it asks: accepted (the deposit), or paid with a
 * difference owed after a higher price (decision 0152), with this unused, unexpired checkout
 * token. Anything else is 404 token_invalid, so the page sends the visitor home (spec section 8).
 */
async function bookingForCheckout(db: DbOrTx, id: number, token: string, lock = false): Promise<{ booking: BookingWithStops; owedCents: number }> {
  const booking = lock ? await lockBooking(db, id, BY_TOKEN) : await findBooking(db, id, BY_TOKEN);
  if (!booking || (booking.status !== 'accepted' && booking.status !== 'paid') || !(await isBookingTokenValid(db, id, 'checkout', token))) throw notFound('token_invalid');
  const owedCents = booking.status === 'accepted' ? (booking.depositCents ?? 0) : await depositOwedCents(db, booking);
  if (booking.status === 'paid' && owedCents <= 0) throw notFound('token_invalid');
  return { booking, owedCents };
}

/** What the checkout page shows (the deposit, or the difference a paid booking owes); the token is not used up. */
export async function getCheckout(deps: PaymentsDeps, id: number, token: string) {
  const { booking, owedCents } = await bookingForCheckout(deps.db, id, token);
  const car = booking.carId === null ? undefined : await findCar(deps.db, booking.carId);
  return { booking, owedCents, car, stripeEnabled: deps.providers.find('stripe') !== undefined, paypalEnabled: deps.providers.find('paypal') !== undefined };
}

/** Where each provider sends the customer back: paid (the page waits or captures), or not. */
function returnUrls(publicUrl: string, providerId: ProviderId, bookingId: number, token: string) {
  const link = encodeURIComponent(token);
  if (providerId === 'paypal') {
    // PayPal appends `token` = the order id to both.
    return {
      successUrl: `${publicUrl}/pay-success?id=${bookingId}&method=paypal&link=${link}`,
      cancelUrl: `${publicUrl}/checkout?id=${bookingId}&token=${link}&paypal=cancelled`,
    };
  }
  return { successUrl: `${publicUrl}/pay-success?id=${bookingId}`, cancelUrl: `${publicUrl}/checkout?id=${bookingId}&token=${link}` };
}

/**
 * Opens the provider's page for the deposit (Stripe Checkout, a PayPal order). Its payments row
 * is pending until the provider says it is paid; the token stays usable so a customer back
 * without paying can try again. The booking's earlier pages still open with the same provider are
 * closed first, so only the newest one can take the deposit (no double charge from two clicks).
 */
export async function startDepositPayment(deps: PaymentsDeps, providerId: ProviderId, id: number, token: string): Promise<{ url: string }> {
  const { booking, owedCents: amountCents } = await bookingForCheckout(deps.db, id, token);
  // No deposit for a trip whose pickup is near or past (decisions 4's lead time).
  if (!isPickupTimeValid(booking.pickupAt, new Date())) throw fieldError('date', 'time_not_valid');
  const provider = deps.providers.require(providerId);
  await closeOpenPayments(deps, booking.id, providerId);
  // The provider mails its receipt to this address and shows the payer what is paid: only the
  // account's verified address (not the one typed at step three) and the booking number go.
  const account = booking.userId === null ? undefined : await findUserById(deps.db, booking.userId);
  const started = await provider.start(
    {
      bookingId: booking.id,
      amountCents,
      language: booking.language,
      verifiedEmail: account?.emailVerifiedAt ? account.email : null,
      ...returnUrls(deps.config.PUBLIC_URL, providerId, booking.id, token),
    },
    deps.log,
  );
  await insertPayment(deps.db, {
    bookingId: booking.id,
    method: providerId,
    amountCents: started.amountCents,
    currency: started.currency,
    status: 'pending',
    providerSessionId: started.reference,
  });
  return { url: started.url };
}

/**
 * Back from the provider's page with an approved payment (PayPal's `token` = the order id): it
 * must be one this booking's deposit page created (404 token_invalid otherwise). Captured once,
 * then settled like any paid deposit; one already paid (by this route or the webhook) answers
 * paid without asking the provider again. One the customer did not approve is 409
 * paypal_not_completed, and nothing changes.
 */
export async function captureDepositReturn(deps: PaymentsDeps, providerId: ProviderId, id: number, reference: string): Promise<{ paid: boolean }> {
  const provider = deps.providers.require(providerId);
  const row = await findProviderPayment(deps.db, id, providerId, reference);
  if (!row || !provider.capture) throw notFound('token_invalid');
  if (row.status === 'succeeded') return { paid: true };
  const captured = await provider.capture(reference, id, deps.log);
  if (!captured.completed) return { paid: false };
  await deps.db.transaction((tx) => settleDeposit(tx, deps, providerId, { ...captured.paid, amountCents: captured.paid.amountCents ?? row.amountCents }));
  return { paid: true };
}

/**
 * A provider's webhook (decisions 0023, 0094): checked by the provider's adapter (400
 * signature_invalid otherwise). Each event id is recorded once, so a replay does nothing; a paid
 * payment is settled, an ended one marked, which makes late, repeated or out-of-order events
 * harmless. Mails go out with the transition, in the same transaction.
 */
export async function handlePaymentWebhook(
  deps: PaymentsDeps,
  providerId: ProviderId,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ duplicate: boolean }> {
  const provider = deps.providers.require(providerId);
  const event = await provider.readWebhook(rawBody, headers, deps.log);
  return deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.eventKey, event.type))) return { duplicate: true };
    if (event.outcome?.kind === 'ended') {
      await markSessionEnded(tx, event.outcome.reference, event.outcome.status);
      await markStatementSessionEnded(tx, event.outcome.reference, event.outcome.status);
    }
    if (event.outcome?.kind === 'paid') {
      // A company's month-end statement (decision 0150), or a booking's deposit.
      if (event.outcome.paid.statementId !== undefined) await settleStatementPayment(tx, deps, providerId, event.outcome.paid);
      else await settleDeposit(tx, deps, providerId, event.outcome.paid);
    }
    return { duplicate: false };
  });
}

/**
 * The customer will hand the deposit to the driver (decision 0021): the booking stays accepted
 * (paid means the deposit was received), its payment method becomes cash, a pending cash
 * payment is recorded, and the link is used up. A paid booking's difference (decision 0152) is
 * then paid to the chauffeur with the balance: a pending cash payment of it, the way the deposit
 * was paid unchanged. Every other live link of the booking stops working too (decision 0177: a
 * customer may hold several), so no link can take by card what was promised in cash.
 */
export async function chooseCash(deps: PaymentsDeps, id: number, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { booking, owedCents } = await bookingForCheckout(tx, id, token, true);
    if (!(await consumeBookingToken(tx, id, 'checkout', token))) throw notFound('token_invalid');
    await retireBookingTokens(tx, id, 'checkout');
    if (booking.status === 'accepted') await updateBooking(tx, id, { paymentMethod: 'cash' });
    await insertPayment(tx, { bookingId: id, method: 'cash', amountCents: owedCents, status: 'pending' });
  });
}

/**
 * A deposit the provider says is paid (a webhook, a capture on return): its payment row says
 * succeeded, created if not ours yet, and the booking moves accepted → paid only if it is still
 * accepted, with the history line, the receipt and the mails, in the caller's transaction. On a
 * paid booking that owed a difference after a higher price (decision 0152) it is that difference:
 * its own receipt, a history line, the link retired. A second report of the same payment changes
 * nothing (the row is succeeded already, and a unique index keeps one receipt per payment), so it
 * is paid exactly once; the booking's row lock orders it with a cancellation.
 */
async function settleDeposit(tx: DbOrTx, deps: Pick<PaymentsDeps, 'config' | 'log'>, method: ProviderId, paid: PaidPayment): Promise<void> {
  const booking = paid.bookingId === undefined ? undefined : await lockBooking(tx, paid.bookingId, BY_TOKEN);
  if (!booking) {
    deps.log.warn({ providerId: paid.reference, reason: paid.reason }, 'paid deposit for an unknown booking');
    return;
  }
  const amountCents = paid.amountCents ?? booking.depositCents ?? 0;
  const paymentId = await markSessionPaid(tx, {
    bookingId: booking.id,
    sessionId: paid.reference,
    amountCents,
    currency: paid.currency,
    method,
    captureId: paid.captureId,
  });
  // Another event for a payment already on record (a retry under a new event id) changes nothing.
  if (paymentId === null) return;
  // Owed before this payment: the deposit less what the others hold.
  if (booking.status === 'paid' && (booking.depositCents ?? 0) - ((await paymentsHeldCents(tx, booking.id)) - amountCents) > 0) {
    await settleDifference(tx, deps, booking, amountCents, paymentId, paid.reason);
    return;
  }
  const moved = await transitionBooking(tx, booking.id, 'accepted', 'paid', { paymentMethod: method });
  if (!moved) {
    // Already paid by an earlier payment, or cancelled meanwhile: the payment is on record, and
    // the company is told in the same transaction that it has money to refund.
    deps.log.warn({ bookingId: booking.id, status: booking.status, reason: paid.reason }, 'deposit paid for a booking that is not accepted');
    await queuePaymentForClosedBookingMail(tx, deps, booking, amountCents, paid.reference);
    return;
  }
  await recordTransition(tx, { bookingId: booking.id, from: 'accepted', to: 'paid', actor: { userId: null, kind: 'system' }, note: paid.reason });
  await retireBookingTokens(tx, booking.id, 'checkout');
  await issueDepositReceipt(tx, deps.config, booking.id, amountCents, paymentId);
  await queueDepositPaidMails(tx, deps, { ...moved, stops: booking.stops }, amountCents);
}

/**
 * A paid booking's difference after a higher price, paid online (decision 0152): the booking stays
 * paid, the history says so, the link is retired, the payment gets its own receipt and the same
 * "deposit paid" mails say the amount received.
 */
async function settleDifference(tx: DbOrTx, deps: Pick<PaymentsDeps, 'config' | 'log'>, booking: BookingWithStops, amountCents: number, paymentId: number, note: string) {
  await recordTransition(tx, { bookingId: booking.id, from: 'paid', to: 'paid', actor: { userId: null, kind: 'system' }, reason: 'deposit_difference_paid', note });
  await retireBookingTokens(tx, booking.id, 'checkout');
  await issueDepositReceipt(tx, deps.config, booking.id, amountCents, paymentId);
  await queueDepositPaidMails(tx, deps, booking, amountCents);
}
