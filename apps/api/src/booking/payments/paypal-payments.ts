import { CheckoutPaymentIntent, PaypalExperienceUserAction, PaypalWalletContextShippingPreference, type Order } from '@paypal/paypal-server-sdk';
import type { Language } from '@vtc/shared/i18n/languages';
import { isPickupTimeValid } from '@vtc/shared/time/paris-time';
import { AppError, badRequest, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { bookingForCheckout, DEPOSIT_LABEL, settleDeposit, type PaymentsDeps } from './payments-service.ts';
import { findPaypalOrder, insertPayment, recordPaymentEvent } from './payments-repository.ts';
import { isPaypalRefusal, paypalAmount, paypalCents, verifyPaypalWebhook, type PaypalSetup, type WebhookHeaders } from './paypal-client.ts';

const PAYPAL_LOCALES: Record<Language, string> = { fr: 'fr-FR', en: 'en-GB', ar: 'ar-EG' };

function requirePaypal(deps: PaymentsDeps): PaypalSetup {
  if (!deps.paypal) throw new AppError(503, 'paypal_not_configured');
  return deps.paypal;
}

/**
 * A PayPal order for the deposit (EUR, intent CAPTURE, spec section 7), answered as the link of
 * PayPal's page where the customer approves it. Its payments row is pending until the capture;
 * the deposit token stays usable so a customer back from PayPal without paying can try again.
 * PayPal sends the customer back to /pay-success (approved: the page captures) or to the deposit
 * page (cancelled), each with `token` = the order id appended by PayPal.
 */
export async function startPaypalPayment(deps: PaymentsDeps, id: number, token: string): Promise<{ url: string }> {
  const booking = await bookingForCheckout(deps.db, id, token);
  if (!isPickupTimeValid(booking.pickupAt, new Date())) throw fieldError('date', 'time_not_valid');
  const paypal = requirePaypal(deps);
  const deposit = booking.depositCents ?? 0;
  const publicUrl = deps.config.PUBLIC_URL;
  let order: Order;
  try {
    ({ result: order } = await paypal.orders.createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: `booking-${booking.id}`,
            customId: String(booking.id),
            description: `${DEPOSIT_LABEL[booking.language]} ${booking.id}`.slice(0, 127),
            amount: { currencyCode: 'EUR', value: paypalAmount(deposit) },
          },
        ],
        paymentSource: {
          paypal: {
            experienceContext: {
              brandName: deps.config.COMPANY_LEGAL_NAME.slice(0, 127),
              locale: PAYPAL_LOCALES[booking.language],
              shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              userAction: PaypalExperienceUserAction.PayNow,
              returnUrl: `${publicUrl}/pay-success?id=${booking.id}&method=paypal&link=${encodeURIComponent(token)}`,
              cancelUrl: `${publicUrl}/checkout?id=${booking.id}&token=${encodeURIComponent(token)}&paypal=cancelled`,
            },
          },
        },
      },
      prefer: 'return=minimal',
    }));
  } catch (error) {
    deps.log.error({ err: error, bookingId: booking.id }, 'paypal order creation failed');
    throw new AppError(503, 'service_unavailable');
  }
  const url = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
  if (!order.id || !url) throw new AppError(503, 'service_unavailable');
  await insertPayment(deps.db, { bookingId: booking.id, method: 'paypal', amountCents: deposit, currency: 'eur', status: 'pending', providerSessionId: order.id });
  return { url };
}

/** The completed capture of a captured order, if any. */
function completedCapture(order: Order) {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  return capture?.status === 'COMPLETED' ? capture : undefined;
}

/**
 * Back from PayPal with an order (`token` in PayPal's return URL): the order must be one this
 * booking's deposit page created. Captured once (PayPal-Request-Id per order, so a reload or a
 * second tab gets the same capture), then settled like any paid deposit; an order already paid
 * (by this route or the webhook) answers paid without asking PayPal again. An order the customer
 * did not approve is 409 paypal_not_completed, and nothing changes.
 */
export async function capturePaypalReturn(deps: PaymentsDeps, id: number, orderId: string): Promise<{ paid: boolean }> {
  const paypal = requirePaypal(deps);
  const row = await findPaypalOrder(deps.db, id, orderId);
  if (!row) throw notFound('token_invalid');
  if (row.status === 'succeeded') return { paid: true };
  let order: Order;
  try {
    ({ result: order } = await paypal.orders.captureOrder({ id: orderId, paypalRequestId: `capture-${orderId}`, prefer: 'return=representation' }));
  } catch (error) {
    if (isPaypalRefusal(error)) {
      deps.log.info({ err: error, bookingId: id, orderId }, 'paypal order not captured');
      throw new AppError(409, 'paypal_not_completed');
    }
    deps.log.error({ err: error, bookingId: id, orderId }, 'paypal capture failed');
    throw new AppError(503, 'service_unavailable');
  }
  const capture = completedCapture(order);
  // PENDING (an eCheck, a review): the PAYMENT.CAPTURE.COMPLETED webhook will settle it later.
  if (order.status !== 'COMPLETED' || !capture) return { paid: false };
  await deps.db.transaction((tx) =>
    settleDeposit(tx, deps, {
      bookingId: id,
      method: 'paypal',
      providerId: orderId,
      captureId: capture.id,
      amountCents: capture.amount ? paypalCents(capture.amount.value) : row.amountCents,
      currency: (capture.amount?.currencyCode ?? 'EUR').toLowerCase(),
      reason: `paypal capture ${capture.id ?? orderId}`,
    }),
  );
  return { paid: true };
}

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

/**
 * A PayPal webhook, checked by PayPal itself (verify-webhook-signature with PAYPAL_WEBHOOK_ID):
 * anything not SUCCESS is 400 signature_invalid and changes nothing. Each event id is recorded
 * once (a replay answers duplicate); PAYMENT.CAPTURE.COMPLETED settles the order's deposit,
 * which the return capture may have done already: either way the booking is paid once.
 */
export async function handlePaypalWebhook(deps: PaymentsDeps, headers: WebhookHeaders, rawBody: Buffer): Promise<{ duplicate: boolean }> {
  const paypal = requirePaypal(deps);
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
    verified = await verifyPaypalWebhook(paypal, headers, raw);
  } catch (error) {
    deps.log.error({ err: error }, 'paypal webhook verification failed');
    throw new AppError(503, 'service_unavailable');
  }
  if (!verified) {
    deps.log.warn({ eventId: event.id }, 'paypal webhook refused');
    throw badRequest('signature_invalid');
  }
  const eventId = event.id;
  const capture = event.resource;
  return deps.db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, `paypal:${eventId}`, event.event_type!))) return { duplicate: true };
    const orderId = capture?.supplementary_data?.related_ids?.order_id;
    if (event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && capture?.status === 'COMPLETED' && orderId) {
      const bookingId = Number(capture.custom_id);
      await settleDeposit(tx, deps, {
        bookingId: Number.isSafeInteger(bookingId) && bookingId > 0 ? bookingId : undefined,
        method: 'paypal',
        providerId: orderId,
        captureId: capture.id,
        amountCents: capture.amount?.value ? paypalCents(capture.amount.value) : undefined,
        currency: (capture.amount?.currency_code ?? 'EUR').toLowerCase(),
        reason: `paypal ${eventId}`,
      });
    }
    return { duplicate: false };
  });
}
