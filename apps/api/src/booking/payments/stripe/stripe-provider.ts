import type Stripe from 'stripe';
import type { Language } from '@vtc/shared/i18n/languages';
import { AppError, badRequest } from '../../../platform/lib/app-error.ts';
import { DEPOSIT_LABEL, STATEMENT_LABEL } from '../deposit-label.ts';
import type { PaidPayment, PaymentProvider } from '../payment-provider.ts';
import type { StripeSetup } from './stripe-client.ts';

const CHECKOUT_LOCALES: Record<Language, 'fr' | 'en' | 'auto'> = { fr: 'fr', en: 'en', ar: 'auto' };

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/** The booking a session pays for, from its metadata (set when the session was created). */
function sessionBookingId(session: Stripe.Checkout.Session): number | undefined {
  if (session.metadata?.statementId) return undefined;
  const id = Number(session.metadata?.bookingId ?? session.client_reference_id);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The month-end statement a session pays for (decision 0150), from its metadata. */
function sessionStatementId(session: Stripe.Checkout.Session): number | undefined {
  const id = Number(session.metadata?.statementId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/**
 * Card payments through Stripe Checkout (decision 0023): a Checkout Session per payment, settled
 * by the signed webhook; a session still open can be expired; a refund goes through the session's
 * payment intent.
 */
export function stripeProvider(setup: StripeSetup): PaymentProvider {
  const { stripe } = setup;
  return {
    id: 'stripe',

    async start(request, log) {
      let session: Stripe.Checkout.Session;
      const { statement } = request;
      const metadata: Record<string, string> = statement ? { statementId: String(statement.id) } : { bookingId: String(request.bookingId) };
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'payment',
          client_reference_id: statement ? `statement-${statement.id}` : String(request.bookingId),
          ...(request.verifiedEmail && { customer_email: request.verifiedEmail }),
          locale: CHECKOUT_LOCALES[request.language],
          metadata,
          payment_intent_data: { metadata },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'eur',
                unit_amount: request.amountCents,
                product_data: { name: statement ? `${STATEMENT_LABEL[request.language]} ${statement.number}` : `${DEPOSIT_LABEL[request.language]} ${request.bookingId}` },
              },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        });
      } catch (error) {
        log.error({ err: error, bookingId: request.bookingId, statementId: statement?.id }, 'stripe checkout session failed');
        throw new AppError(503, 'service_unavailable');
      }
      if (!session.url) throw new AppError(503, 'service_unavailable');
      return { url: session.url, reference: session.id, amountCents: session.amount_total ?? request.amountCents, currency: session.currency ?? 'eur' };
    },

    async close(reference, bookingId, log) {
      try {
        await stripe.checkout.sessions.expire(reference);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session already complete or expired: the webhook says what happened.
        log.warn({ err: error, bookingId, sessionId: reference }, 'stripe checkout session could not be expired');
        return false;
      }
    },

    async refund(request, idempotencyKey, log) {
      if (!request.reference) return { kind: 'by_hand', why: 'the Checkout session is unknown' };
      const session = await stripe.checkout.sessions.retrieve(request.reference);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) {
        log.warn({ bookingId: request.bookingId, sessionId: request.reference }, 'paid session without a payment intent: refund by hand');
        return { kind: 'by_hand', why: 'the session has no payment intent' };
      }
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: request.amountCents, reason: 'requested_by_customer', metadata: { bookingId: String(request.bookingId) } },
        { idempotencyKey },
      );
      return { kind: 'refunded', refundId: refund.id };
    },

    async readWebhook(rawBody, headers, log) {
      const header = headers['stripe-signature'];
      const signature = Array.isArray(header) ? header[0] : header;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', setup.webhookSecret);
      } catch (error) {
        log.warn({ err: error }, 'stripe webhook refused');
        throw badRequest('signature_invalid');
      }
      const read = { eventKey: event.id, type: event.type };
      if (event.type === 'checkout.session.expired') return { ...read, outcome: { kind: 'ended', reference: event.data.object.id, status: 'expired' } };
      if (event.type === 'checkout.session.async_payment_failed') return { ...read, outcome: { kind: 'ended', reference: event.data.object.id, status: 'failed' } };
      if (PAID_EVENTS.has(event.type)) {
        const session = event.data.object as Stripe.Checkout.Session;
        if (session.payment_status !== 'paid') return { ...read, outcome: null };
        const paid: PaidPayment = {
          bookingId: sessionBookingId(session),
          statementId: sessionStatementId(session),
          reference: session.id,
          amountCents: session.amount_total ?? undefined,
          currency: session.currency ?? 'eur',
          reason: `stripe ${event.id}`,
        };
        return { ...read, outcome: { kind: 'paid', paid } };
      }
      return { ...read, outcome: null };
    },
  };
}
