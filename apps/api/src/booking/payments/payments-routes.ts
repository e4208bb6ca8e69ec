import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredText, idField } from '@vtc/shared/validation/form-fields';
import { ErrorResponse, IdParams } from '../../platform/lib/api-schemas.ts';
import { fieldError } from '../../platform/lib/app-error.ts';
import { CardPaymentResponse, CheckoutResponse } from '@vtc/shared/booking/booking-responses';
import { toBookingSummary, toCarSummary } from '../booking-mappers.ts';
import { captureDepositReturn, chooseCash, getCheckout, handlePaymentWebhook, startDepositPayment, type PaymentsDeps } from './deposit-payments.ts';
import { createPaymentProviders } from './payment-providers.ts';

const LinkBody = z.object({
  id: idField().meta({ description: 'The booking id, as in the path' }),
  token: requiredText(200).meta({ description: 'The token of the deposit link e-mailed on acceptance' }),
});

const errors = { 400: ErrorResponse, 404: ErrorResponse } as const;
const linkNote =
  'Public: the deposit link’s token authorizes. 404 token_invalid when the token is wrong, used (cash chosen or deposit paid), expired, or the booking is not accepted; the page then goes home. The body id must equal the path id.';

/** The deposit after acceptance (spec section 4, step 7), mounted at /booking/payment. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = createPaymentProviders(app.config);
  const deps = (): PaymentsDeps => ({ db: app.db, config: app.config, providers, log: app.log });
  const checkIds = (pathId: number, bodyId: number) => {
    if (pathId !== bodyId) throw fieldError('id', 'invalid_value');
  };

  app.post(
    '/checkout/:id',
    {
      schema: {
        tags: ['payment'],
        summary: 'Check a deposit link and show what is owed',
        description: `${linkNote} The token is not used up here.`,
        params: IdParams,
        body: LinkBody,
        response: { 200: CheckoutResponse, ...errors },
      },
    },
    async (request) => {
      checkIds(request.params.id, request.body.id);
      const { booking, owedCents, car, stripeEnabled, paypalEnabled } = await getCheckout(deps(), request.params.id, request.body.token);
      const total = booking.totalCents ?? 0;
      // What this link pays: the deposit, or a paid booking's difference after a higher price (decision 0152).
      const deposit = owedCents;
      return {
        data: {
          booking: toBookingSummary(booking, await app.caches.catalogue()),
          car: car ? toCarSummary(car) : null,
          total: total / 100,
          total_cents: total,
          deposit: deposit / 100,
          deposit_cents: deposit,
          balance: (total - (booking.depositCents ?? 0)) / 100,
          balance_cents: total - (booking.depositCents ?? 0),
          payment_method: booking.paymentMethod,
          stripeEnabled,
          paypalEnabled,
        },
      };
    },
  );

  app.post(
    '/stripe/:id',
    {
      schema: {
        tags: ['payment'],
        summary: 'Open a Stripe Checkout page for the deposit; the browser goes to `url`',
        description: `${linkNote} 503 payment_not_configured without Stripe keys; 503 service_unavailable when Stripe fails. The booking becomes paid when Stripe's webhook confirms the payment.`,
        params: IdParams,
        body: LinkBody,
        response: { 200: CardPaymentResponse, ...errors, 503: ErrorResponse },
      },
    },
    async (request) => {
      checkIds(request.params.id, request.body.id);
      return startDepositPayment(deps(), 'stripe', request.params.id, request.body.token);
    },
  );

  app.post(
    '/paypal/:id',
    {
      schema: {
        tags: ['payment'],
        summary: 'Create a PayPal order for the deposit (EUR, capture); the browser goes to `url` to approve it',
        description: `${linkNote} 503 paypal_not_configured without PayPal keys; 503 service_unavailable when PayPal fails. PayPal sends the customer back to /pay-success?id&method=paypal&token=<order>, which captures through POST /paypal/capture/{id}.`,
        params: IdParams,
        body: LinkBody,
        response: { 200: CardPaymentResponse, ...errors, 503: ErrorResponse },
      },
    },
    async (request) => {
      checkIds(request.params.id, request.body.id);
      return startDepositPayment(deps(), 'paypal', request.params.id, request.body.token);
    },
  );

  app.post(
    '/paypal/capture/:id',
    {
      schema: {
        tags: ['payment'],
        summary: 'Capture an approved PayPal order on the customer’s return; the booking becomes paid once',
        description:
          'Public: the order id PayPal put in the return URL authorizes, and must be an order this booking’s deposit page created (404 token_invalid otherwise). 409 paypal_not_completed when the customer did not approve it (nothing changes); paid false while PayPal holds the capture as pending (the webhook completes it). Repeating the call, or the webhook coming first, pays once.',
        params: IdParams,
        body: z.object({
          id: idField().meta({ description: 'The booking id, as in the path' }),
          order: requiredText(64).meta({ description: 'The PayPal order id (the `token` of PayPal’s return URL)' }),
        }),
        response: { 200: z.object({ paid: z.boolean() }), ...errors, 409: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => {
      checkIds(request.params.id, request.body.id);
      return captureDepositReturn(deps(), 'paypal', request.params.id, request.body.order);
    },
  );

  app.post(
    '/cash/:id',
    {
      schema: {
        tags: ['payment'],
        summary: 'Pay the deposit in cash to the driver',
        description: `${linkNote} The booking stays accepted with payment_method cash (paid means the deposit was received), a pending cash payment is recorded and the link is used up.`,
        params: IdParams,
        body: LinkBody,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      checkIds(request.params.id, request.body.id);
      await chooseCash(deps(), request.params.id, request.body.token);
      return { message: request.t('deposit_cash_chosen') };
    },
  );

  // PayPal's check needs the exact bytes PayPal sent: this route reads its body raw too.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/paypal/webhook',
      {
        schema: {
          tags: ['payment'],
          summary: 'PayPal webhook (PAYMENT.CAPTURE.COMPLETED)',
          description:
            'The raw PayPal event with its PAYPAL-TRANSMISSION-* headers, verified by PayPal (verify-webhook-signature, PAYPAL_WEBHOOK_ID). 400 signature_invalid unless PayPal answers SUCCESS; 503 paypal_not_configured without PayPal keys. An event id is handled once; replays answer 200 with duplicate: true.',
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: ErrorResponse, 503: ErrorResponse },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await handlePaymentWebhook(deps(), 'paypal', body, request.headers);
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });

  // The signature covers the exact bytes Stripe sent: this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/webhook',
      {
        schema: {
          tags: ['payment'],
          summary: 'Stripe webhook (checkout.session.completed and related events)',
          description:
            'The raw Stripe event, signed in the Stripe-Signature header with STRIPE_WEBHOOK_SECRET. 400 signature_invalid for a bad signature; 503 payment_not_configured without Stripe keys. An event id is handled once; replays answer 200 with duplicate: true.',
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: ErrorResponse, 503: ErrorResponse },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const result = await handlePaymentWebhook(deps(), 'stripe', body, request.headers);
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });
};

export default paymentsRoutes;
