import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DepositLinkResponse } from '@vtc/shared/booking/deposit-link';
import { ErrorResponse } from '@vtc/shared/api/api-responses';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { adminErrors, adminSecurity, IdParams } from '../../platform/lib/api-schemas.ts';
import { issueDepositLink, type DepositLink } from './deposit-link.ts';

/** The deposit link, again (decision 0177): the customer's, mounted at /user/booking, and the company's, at /booking. */

const dueNote = [
  'A new checkout token, valid until pickup and at least a day; links sent before keep working until they expire. Due: an',
  'accepted card or PayPal booking’s deposit, or a paid booking’s difference after a higher price (decision 0152). 409',
  'deposit_not_due for a cash booking, a company’s (on its statement), a booking not accepted or paid, one whose pickup is',
  'less than 2 hours away (the page takes no payment then), or a paid one that owes nothing. See decision 0177.',
].join(' ');

const answer = (link: DepositLink, message: string) => ({
  message,
  data: { id: link.id, checkout_url: link.url, amount_due_cents: link.dueCents, mailed: link.mailed },
});

export const customerDepositLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.post(
    '/deposit-link/:id',
    {
      schema: {
        tags: ['booking'],
        summary: 'A new link to pay what the booking owes online, for its owner (“Mes réservations”)',
        description: `The booking’s owner (another user’s booking answers 404 booking_not_found). ${dueNote}`,
        security: [{ bearerAuth: [] }],
        params: IdParams,
        response: { 200: DepositLinkResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => answer(await issueDepositLink({ db: app.db, config: app.config }, requireAuth(request), request.params.id, { mail: false }), request.t('deposit_link_ready')),
  );
};

export const adminDepositLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.post(
    '/deposit-link/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Send the customer a new link to pay what the booking owes online (admin)',
        description: `Admins only. Mails the link to the customer (held until their address is confirmed) and answers it. ${dueNote}`,
        security: adminSecurity,
        params: IdParams,
        response: { 200: DepositLinkResponse, ...adminErrors },
      },
    },
    async (request) => answer(await issueDepositLink({ db: app.db, config: app.config }, requireAuth(request), request.params.id, { mail: true }), request.t('deposit_link_sent')),
  );
};
