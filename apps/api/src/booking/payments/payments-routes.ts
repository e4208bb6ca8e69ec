import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredText, idField } from '@vtc/shared/validation/form-fields';
import { ErrorResponse, IdParams } from '../../platform/lib/api-schemas.ts';
import { fieldError } from '../../platform/lib/app-error.ts';
import { CardPaymentResponse, CheckoutResponse } from '@vtc/shared/booking/booking-responses';
import { toBookingSummary, toCarSummary } from '../booking-mappers.ts';
import { chooseCash, getCheckout, handleStripeWebhook, startCardPayment, type PaymentsDeps } from './payments-service.ts';
import { createStripe } from './stripe-client.ts';

const LinkBody = z.object({
  id: idField().meta({ description: 'The booking id, as in the path' }),
  token: requiredText(200).meta({ description: 'The token of the deposit link e-mailed on acceptance' }),
});

const errors = { 400: ErrorResponse, 404: ErrorResponse } as const;
const linkNote =
  'Public: the deposit link’s token authorizes. 404 token_invalid when the token is wrong, used (cash chosen or deposit paid), expired, or the booking is not accepted; the page then goes home. The body id must equal the path id.';

/** The deposit after acceptance (spec section 4, step 7), mounted at /booking/payment. */
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = createStripe(app.config);
  const deps = (): PaymentsDeps => ({ db: app.db, config: app.config, stripe, log: app.log });
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
      const { booking, car, stripeEnabled } = await getCheckout(deps(), request.params.id, request.body.token);
      const total = booking.totalCents ?? 0;
      const deposit = booking.depositCents ?? 0;
      return {
        data: {
          booking: toBookingSummary(booking),
          car: car ? toCarSummary(car) : null,
          total: total / 100,
          total_cents: total,
          deposit: deposit / 100,
          deposit_cents: deposit,
          balance: (total - deposit) / 100,
          balance_cents: total - deposit,
          payment_method: booking.paymentMethod,
          stripeEnabled,
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
      return startCardPayment(deps(), request.params.id, request.body.token);
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
        const signature = request.headers['stripe-signature'];
        const result = await handleStripeWebhook(deps(), body, Array.isArray(signature) ? signature[0] : signature);
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });
};

export default paymentsRoutes;
