import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyCancelBody, CompanyCancelResponse, CompanyRefundBody, CompanyRefundResponse, SettleRefundBody, SettleRefundResponse } from '@vtc/shared/booking/company-cancel-schemas';
import { adminErrors, adminSecurity, IdParams } from '../../platform/lib/api-schemas.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import type { PlacesProvider } from '../../catalogue/places/places-provider.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { createPaymentProviders } from '../payments/payment-providers.ts';
import { companyCancelBooking } from './company-cancel.ts';
import { companyRefund } from './company-refund.ts';
import { settleRefundByHand } from './settle-refund.ts';

/**
 * The company cancels a booking with the refund it chooses (admin, decision 0121), and records a
 * refund it made itself when the provider could not (decision 0138); mounted at /booking.
 */
const companyCancelRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (app, { places }) => {
  app.addHook('onRequest', app.requireAdmin);
  const providers = createPaymentProviders(app.config);
  const deps = (): BookingsDeps => ({ db: app.db, config: app.config, places, caches: app.caches, log: app.log, providers });

  app.put(
    '/cancel/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'The company cancels a booking, with a refund through Stripe or PayPal (admin)',
        description: [
          'Admins only (401 without a session, 403 for a customer). `reason` (1 to 500 characters) is e-mailed to the customer and',
          'the assigned chauffeur and kept in the history. `refund`: `policy` (everything paid more than 48 hours before pickup,',
          'nothing later), `full`, `none`, or an amount in cents up to what was paid (400 refund_above_paid beyond). What is given',
          'back is refunded through the provider that took it, once, by a durable job (cash is recorded as handed back); a credit',
          'note of the amount is issued; the customer gets a calendar file that removes the trip (METHOD:CANCEL). 409',
          'invalid_transition for a completed, rejected or cancelled booking; concurrent cancellations make one refund. See decision 0121.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        body: CompanyCancelBody,
        response: { 200: CompanyCancelResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await companyCancelBooking(deps(), requireAuth(request), request.params.id, request.body);
      return {
        message: request.t(result.refundCents > 0 ? 'booking_cancelled_refunding' : 'booking_cancelled'),
        data: { id: result.booking.id, status: 'cancelled' as const, refundCents: result.refundCents, creditNote: result.creditNote },
      };
    },
  );

  app.post(
    '/refund/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'The company gives back part of what was paid, on top of any earlier refund (admin)',
        description: [
          'Admins only. `amountCents` (at most what the booking’s payments still hold: 400 refund_above_paid on `amountCents`',
          'beyond, nothing changed) and `reason` (kept in the history and mailed to the customer with the amount and, when a',
          'document was left to credit, the credit note `creditNote`, decision 0157). Taken from the payments oldest first; each part is a refund',
          'line of its own (`refund-<id>` in the booking’s `refunds`), given back through the provider that took it by its own job',
          'with its own idempotency key, once; cash is recorded as handed back. Concurrent refunds are measured one after the other',
          'against what remains. See decision 0152.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        body: CompanyRefundBody,
        response: { 201: CompanyRefundResponse, ...adminErrors },
      },
    },
    async (request, reply) => {
      const result = await companyRefund(deps(), requireAuth(request), request.params.id, request.body);
      return reply.code(201).send({ message: request.t('refund_given'), data: result });
    },
  );

  app.put(
    '/refund/settle/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Records a refund the company made itself, when the provider could not (admin)',
        description: [
          'Admins only. `refund` names a line of the booking’s `refunds` (`refund-<id>`) whose status is',
          '`by_hand`: its refund job ended without a refund (the provider refused it or is not configured). The line becomes',
          'refunded, marked as settled by hand, and the history keeps the amount and the optional `reference` (up to 100',
          'characters). 404 refund_not_found, 409 refund_in_progress while the provider may still refund it, 409',
          'refund_already_settled once refunded; two admins at once settle it once. See decision 0138.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        body: SettleRefundBody,
        response: { 200: SettleRefundResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await settleRefundByHand(deps(), requireAuth(request), request.params.id, request.body);
      return { message: request.t('refund_settled'), data: { ...result, refundedAt: result.refundedAt.toISOString() } };
    },
  );
};

export default companyCancelRoutes;
