import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Language } from '@vtc/shared/i18n/languages';
import { isPickupTimeValid } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError, badRequest, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { queueDepositPaidMails, queuePaymentForClosedBookingMail } from '../mails/booking-mails.ts';
import { consumeBookingToken, isBookingTokenValid, retireBookingTokens } from '../booking-tokens.ts';
import { findBooking, lockBooking, recordTransition, transitionBooking, updateBooking, type BookingWithStops } from '../bookings-repository.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import { insertPayment, markSessionEnded, markSessionPaid, recordPaymentEvent } from './payments-repository.ts';
import { expirePendingCardSessions } from './checkout-sessions.ts';
import type { StripeSetup } from './stripe-client.ts';
import type { PaypalSetup } from './paypal-client.ts';
import { issueDepositReceipt } from '../documents/booking-invoices.ts';

export type PaymentsDeps = { db: Db; config: Config; stripe: StripeSetup | null; paypal: PaypalSetup | null; log: FastifyBaseLogger };

/** The deposit pages act by link token, not by session: any booking is reachable, the token decides. */
const BY_TOKEN = { userId: 0, isAdmin: true } as const;

/**
 * The booking of a deposit link: accepted, with this unused, unexpired checkout token. Anything
 * else is 404 token_invalid, so the page sends the visitor home (spec section 8).
 */
export async function bookingForCheckout(db: DbOrTx, id: number, token: string, lock = false): Promise<BookingWithStops> {
  const booking = lock ? await lockBooking(db, id, BY_TOKEN) : await findBooking(db, id, BY_TOKEN);
  if (!booking || booking.status !== 'accepted' || !(await isBookingTokenValid(db, id, 'checkout', token))) throw notFound('token_invalid');
  return booking;
}

/** What the checkout page shows; the token is not used up. */
export async function getCheckout(deps: PaymentsDeps, id: number, token: string) {
  const booking = await bookingForCheckout(deps.db, id, token);
  const car = booking.carId === null ? undefined : await findCar(deps.db, booking.carId);
  return { booking, car, stripeEnabled: deps.stripe !== null, paypalEnabled: deps.paypal !== null };
}

const CHECKOUT_LOCALES: Record<Language, 'fr' | 'en' | 'auto'> = { fr: 'fr', en: 'en', ar: 'auto' };
export const DEPOSIT_LABEL: Record<Language, string> = { fr: 'Acompte de réservation', en: 'Booking deposit', ar: 'عربون الحجز' };

/**
 * A Stripe Checkout Session for the deposit. Its payments row is pending until the webhook says
 * the session is paid; the token stays usable so a cancelled card page can be tried again. The
 * booking's earlier open sessions are expired first, so only the newest one can take the deposit
 * (no double charge from two card clicks).
 */
export async function startCardPayment(deps: PaymentsDeps, id: number, token: string): Promise<{ url: string }> {
  const booking = await bookingForCheckout(deps.db, id, token);
  // No card deposit for a trip whose pickup is near or past (decisions 4's lead time).
  if (!isPickupTimeValid(booking.pickupAt, new Date())) throw fieldError('date', 'time_not_valid');
  if (!deps.stripe) throw new AppError(503, 'payment_not_configured');
  const deposit = booking.depositCents ?? 0;
  const publicUrl = deps.config.PUBLIC_URL;
  await expirePendingCardSessions(deps, booking.id);
  // Stripe mails its receipt to customer_email and shows the product to the payer: only the
  // account's verified address (not the one typed at step three) and the booking number go.
  const account = booking.userId === null ? undefined : await findUserById(deps.db, booking.userId);
  const verifiedEmail = account?.emailVerifiedAt ? account.email : undefined;
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: String(booking.id),
      ...(verifiedEmail && { customer_email: verifiedEmail }),
      locale: CHECKOUT_LOCALES[booking.language],
      metadata: { bookingId: String(booking.id) },
      payment_intent_data: { metadata: { bookingId: String(booking.id) } },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: deposit,
            product_data: { name: `${DEPOSIT_LABEL[booking.language]} ${booking.id}` },
          },
        },
      ],
      success_url: `${publicUrl}/pay-success?id=${booking.id}`,
      cancel_url: `${publicUrl}/checkout?id=${booking.id}&token=${encodeURIComponent(token)}`,
    });
  } catch (error) {
    deps.log.error({ err: error, bookingId: booking.id }, 'stripe checkout session failed');
    throw new AppError(503, 'service_unavailable');
  }
  if (!session.url) throw new AppError(503, 'service_unavailable');
  await insertPayment(deps.db, {
    bookingId: booking.id,
    method: 'stripe',
    amountCents: session.amount_total ?? deposit,
    currency: session.currency ?? 'eur',
    status: 'pending',
    providerSessionId: session.id,
  });
  return { url: session.url };
}

/**
 * The customer will hand the deposit to the driver (decision 0021): the booking stays accepted
 * (paid means the deposit was received), its payment method becomes cash, a pending cash
 * payment is recorded, and the link is used up.
 */
export async function chooseCash(deps: PaymentsDeps, id: number, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const booking = await bookingForCheckout(tx, id, token, true);
    if (!(await consumeBookingToken(tx, id, 'checkout', token))) throw notFound('token_invalid');
    await updateBooking(tx, id, { paymentMethod: 'cash' });
    await insertPayment(tx, { bookingId: id, method: 'cash', amountCents: booking.depositCents ?? 0, status: 'pending' });
  });
}

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** The booking a session pays for, from its metadata (set when the session was created). */
function sessionBookingId(session: Stripe.Checkout.Session): number | undefined {
  const id = Number(session.metadata?.bookingId ?? session.client_reference_id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * A Stripe webhook (decision 0023). The signature is checked on the raw body (400
 * signature_invalid otherwise). Each event id is recorded once, so a replay does nothing; a paid
 * session marks its payment succeeded and moves the booking accepted → paid only if it is still
 * accepted, which makes late, repeated or out-of-order events harmless. Mails go out with the
 * transition, in the same transaction.
 */
export async function handleStripeWebhook(deps: PaymentsDeps, rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
  if (!deps.stripe) throw new AppError(503, 'payment_not_configured');
  let event: Stripe.Event;
  try {
    event = deps.stripe.stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.stripe.webhookSecret);
  } catch (error) {
    deps.log.warn({ err: error }, 'stripe webhook refused');
    throw badRequest('signature_invalid');
  }
  return deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.id, event.type))) return { duplicate: true };
    if (event.type === 'checkout.session.expired') {
      await markSessionEnded(tx, event.data.object.id, 'expired');
    } else if (event.type === 'checkout.session.async_payment_failed') {
      await markSessionEnded(tx, event.data.object.id, 'failed');
    } else if (PAID_EVENTS.has(event.type)) {
      const session = event.data.object as Stripe.Checkout.Session;
      if (session.payment_status === 'paid') await recordDepositPaid(tx, deps, session, event.id);
    }
    return { duplicate: false };
  });
}

async function recordDepositPaid(tx: DbOrTx, deps: PaymentsDeps, session: Stripe.Checkout.Session, eventId: string): Promise<void> {
  await settleDeposit(tx, deps, {
    bookingId: sessionBookingId(session),
    method: 'stripe',
    providerId: session.id,
    amountCents: session.amount_total ?? undefined,
    currency: session.currency ?? 'eur',
    reason: `stripe ${eventId}`,
  });
}

/**
 * A deposit the provider says is paid (Stripe's webhook, PayPal's capture or webhook): its payment
 * row says succeeded, created if not ours yet, and the booking moves accepted → paid only if it
 * is still accepted, with the history line, the receipt and the mails, in the caller's
 * transaction. A second report of the same payment changes nothing, so it is paid exactly once.
 */
export async function settleDeposit(
  tx: DbOrTx,
  deps: Pick<PaymentsDeps, 'config' | 'log'>,
  paid: { bookingId: number | undefined; method: 'stripe' | 'paypal'; providerId: string; captureId?: string | undefined; amountCents: number | undefined; currency: string; reason: string },
): Promise<void> {
  const booking = paid.bookingId === undefined ? undefined : await lockBooking(tx, paid.bookingId, BY_TOKEN);
  if (!booking) {
    deps.log.warn({ providerId: paid.providerId, reason: paid.reason }, 'paid deposit for an unknown booking');
    return;
  }
  const amountCents = paid.amountCents ?? booking.depositCents ?? 0;
  const newlyPaid = await markSessionPaid(tx, {
    bookingId: booking.id,
    sessionId: paid.providerId,
    amountCents,
    currency: paid.currency,
    method: paid.method,
    captureId: paid.captureId,
  });
  // Another event for a payment already on record (a retry under a new event id) changes nothing.
  if (!newlyPaid) return;
  const moved = await transitionBooking(tx, booking.id, 'accepted', 'paid', { paymentMethod: paid.method });
  if (!moved) {
    // Already paid by an earlier payment, or cancelled meanwhile: the payment is on record, and
    // the company is told in the same transaction that it has money to refund.
    deps.log.warn({ bookingId: booking.id, status: booking.status, reason: paid.reason }, 'deposit paid for a booking that is not accepted');
    await queuePaymentForClosedBookingMail(tx, deps, booking, amountCents, paid.providerId);
    return;
  }
  await recordTransition(tx, { bookingId: booking.id, from: 'accepted', to: 'paid', actor: { userId: null, kind: 'system' }, reason: paid.reason });
  await retireBookingTokens(tx, booking.id, 'checkout');
  await issueDepositReceipt(tx, deps.config, booking.id, amountCents);
  await queueDepositPaidMails(tx, deps, { ...moved, stops: booking.stops }, amountCents);
}
