import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BalanceBody, BalanceResponse } from '@vtc/shared/booking/booking-balance';
import { BookingStatusResponse } from '@vtc/shared/booking/booking-responses';
import { adminErrors, adminSecurity, IdParams } from '../../platform/lib/api-schemas.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import type { PlacesProvider } from '../../catalogue/places/places-provider.ts';
import { confirmNoShow, recordBalanceByAdmin } from './settlement-service.ts';

/** The end of a trip on the company's side (decision 0117): the balance collected, a no-show confirmed. Mounted at /booking. */
const settlementRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (app, { places }) => {
  app.addHook('onRequest', app.requireAdmin);
  const deps = (): BookingsDeps => ({ db: app.db, config: app.config, places, caches: app.caches, log: app.log });

  app.put(
    '/balance/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Record the balance collected after the trip, and how: cash, card terminal, transfer (admin)',
        description: [
          'Admins only. `amountCents` (integer cents, > 0) and `method` (cash, card_terminal, transfer). Only for a completed',
          'booking (409 balance_not_due otherwise, a cancelled one included); 409 balance_settled when nothing remains, 409',
          'balance_above_remaining for more than what remains (the total less the deposits received and the balances recorded).',
          'Several records may split a balance. Records run under the booking’s row lock: two at once never take more than remains.',
          'The invoice states how the trip was paid. Answers what remains to collect.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        body: BalanceBody,
        response: { 200: BalanceResponse, ...adminErrors },
      },
    },
    async (request) => {
      const settlement = await recordBalanceByAdmin(deps(), requireAuth(request), request.params.id, request.body);
      return {
        message: request.t('balance_recorded'),
        data: { id: request.params.id, collected_cents: settlement.collectedCents, balance_due_cents: settlement.balanceDueCents },
      };
    },
  );

  app.put(
    '/no-show/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Confirm the chauffeur’s "client absent": the booking is cancelled, the deposit kept, the customer mailed (admin)',
        description: [
          'Admins only. 409 no_show_not_reported unless the chauffeur marked no_show on the mission link; 409 no_show_too_early',
          'before pickup + the waiting time included; 409 invalid_transition unless accepted or paid.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        response: { 200: BookingStatusResponse, ...adminErrors },
      },
    },
    async (request) => {
      const booking = await confirmNoShow(deps(), requireAuth(request), request.params.id);
      return { message: request.t('no_show_confirmed'), data: { id: booking.id, status: booking.status } };
    },
  );
};

export default settlementRoutes;
