import { CheckoutPaymentIntent, PaypalExperienceUserAction, PaypalWalletContextShippingPreference, type Order } from '@paypal/paypal-server-sdk';
import type { Language } from '@vtc/shared/i18n/languages';
import { AppError, badRequest } from '../../../platform/lib/app-error.ts';
import { DEPOSIT_LABEL, STATEMENT_LABEL } from '../deposit-label.ts';
import type { PaymentProvider } from '../payment-provider.ts';
import { isPaypalRefusal, paypalAmount, paypalCents, verifyPaypalWebhook, type PaypalSetup } from './paypal-client.ts';

const PAYPAL_LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-EG' };

type PaypalEvent = {
  id?: string;
  event_type?: string;
  resource?: {
    id?: string;
    status?: string;
    custom_id?: string;
    amount?: { currency_code?: string; value?: string };
    supplementary_data?: { related_ids?: { order_id?: string } };
  };
};

/** The completed capture of a captured order, if any. */
function completedCapture(order: Order) {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  return capture?.status === 'COMPLETED' ? capture : undefined;
}

/**
 * PayPal (Orders v2, EUR, intent CAPTURE; decision 0094): an order per payment, approved on
 * PayPal's page, captured on the customer's return or settled by PayPal's webhook; a refund goes
 * through the capture.
 */
export function paypalProvider(setup: PaypalSetup, brandName: string): PaymentProvider {
  return {
    id: 'paypal',

    async start(request, log) {
      let order: Order;
      const { statement } = request;
      try {
        ({ result: order } = await setup.orders.createOrder({
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: statement ? `statement-${statement.id}` : `booking-${request.bookingId}`,
                customId: statement ? `statement-${statement.id}` : String(request.bookingId),
                description: (statement ? `${STATEMENT_LABEL[request.language]} ${statement.number}` : `${DEPOSIT_LABEL[request.language]} ${request.bookingId}`).slice(0, 127),
                amount: { currencyCode: 'EUR', value: paypalAmount(request.amountCents) },
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  brandName: brandName.slice(0, 127),
                  locale: PAYPAL_LOCALES[request.language],
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                  userAction: PaypalExperienceUserAction.PayNow,
                  returnUrl: request.successUrl,
                  cancelUrl: request.cancelUrl,
                },
              },
            },
          },
          prefer: 'return=minimal',
        }));
      } catch (error) {
        log.error({ err: error, bookingId: request.bookingId }, 'paypal order creation failed');
        throw new AppError(503, 'service_unavailable');
      }
      const url = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
      if (!order.id || !url) throw new AppError(503, 'service_unavailable');
      return { url, reference: order.id, amountCents: request.amountCents, currency: 'eur' };
    },

    async capture(orderId, bookingId, log) {
      let order: Order;
      try {
        // One PayPal-Request-Id per order: a reload or a second tab gets the same capture.
        ({ result: order } = await setup.orders.captureOrder({ id: orderId, paypalRequestId: `capture-${orderId}`, prefer: 'return=representation' }));
      } catch (error) {
        if (isPaypalRefusal(error)) {
          log.info({ err: error, bookingId, orderId }, 'paypal order not captured');
          throw new AppError(409, 'paypal_not_completed');
        }
        log.error({ err: error, bookingId, orderId }, 'paypal capture failed');
        throw new AppError(503, 'service_unavailable');
      }
      const capture = completedCapture(order);
      // PENDING (an eCheck, a review): the PAYMENT.CAPTURE.COMPLETED webhook will settle it later.
      if (order.status !== 'COMPLETED' || !capture) return { completed: false };
      return {
        completed: true,
        paid: {
          bookingId,
          reference: orderId,
          captureId: capture.id,
          amountCents: capture.amount ? paypalCents(capture.amount.value) : undefined,
          currency: (capture.amount?.currencyCode ?? 'EUR').toLowerCase(),
          reason: `paypal capture ${capture.id ?? orderId}`,
        },
      };
    },

    async refund(request, idempotencyKey) {
      if (!request.captureId) return { kind: 'by_hand', why: 'the capture is unknown' };
      const { result } = await setup.payments.refundCapturedPayment({
        captureId: request.captureId,
        paypalRequestId: idempotencyKey,
        body: { amount: { currencyCode: 'EUR', value: paypalAmount(request.amountCents) }, noteToPayer: `Booking ${request.bookingId}`, customId: String(request.bookingId) },
      });
      if (!result.id) throw new Error(`refund of payment ${request.paymentId} answered no id`);
      return { kind: 'refunded', refundId: result.id };
    },

    async readWebhook(rawBody, headers, log) {
      const raw = rawBody.toString('utf8');
      let event: PaypalEvent;
      try {
        event = JSON.parse(raw) as PaypalEvent;
      } catch {
        throw badRequest('signature_invalid');
      }
      if (typeof event !== 'object' || event === null || !event.id || !event.event_type) throw badRequest('signature_invalid');
      let verified: boolean;
      try {
        verified = await verifyPaypalWebhook(setup, headers, raw);
      } catch (error) {
        log.error({ err: error }, 'paypal webhook verification failed');
        throw new AppError(503, 'service_unavailable');
      }
      if (!verified) {
        log.warn({ eventId: event.id }, 'paypal webhook refused');
        throw badRequest('signature_invalid');
      }
      const read = { eventKey: `paypal:${event.id}`, type: event.event_type };
      const capture = event.resource;
      const orderId = capture?.supplementary_data?.related_ids?.order_id;
      if (event.event_type !== 'PAYMENT.CAPTURE.COMPLETED' || capture?.status !== 'COMPLETED' || !orderId) return { ...read, outcome: null };
      const statement = /^statement-(\d+)$/.exec(capture.custom_id ?? '');
      const bookingId = statement ? Number.NaN : Number(capture.custom_id);
      return {
        ...read,
        outcome: {
          kind: 'paid',
          paid: {
            bookingId: Number.isSafeInteger(bookingId) && bookingId > 0 ? bookingId : undefined,
            statementId: statement ? Number(statement[1]) : undefined,
            reference: orderId,
            captureId: capture.id,
            amountCents: capture.amount?.value ? paypalCents(capture.amount.value) : undefined,
            currency: (capture.amount?.currency_code ?? 'EUR').toLowerCase(),
            reason: `paypal ${event.id}`,
          },
        },
      };
    },
  };
}
