import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookingMessagesResponse } from '@vtc/shared/booking/booking-message-responses';
import { adminErrors, adminSecurity, IdParams } from '../../platform/lib/api-schemas.ts';
import { getBookingMessages } from './booking-messages.ts';

/** What the booking's mails and texts became (admin), mounted at /booking. */
const bookingMessagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/messages/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Every mail and text of a booking, with its channel and delivery status (admin)',
        description: [
          'In the order they were written. channel: email, sms or whatsapp; status: pending (waiting or in backoff), sending,',
          'sent, failed (for good), held (a customer mail waiting for the address to be verified) or skipped (a text written',
          'while no SMS provider was configured: never sent, decision 0130). A text has `text` and no `subject`; a mail the',
          'reverse. 404 booking_not_found.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        response: { 200: BookingMessagesResponse, ...adminErrors },
      },
    },
    async (request) => ({ data: await getBookingMessages(app.db, request.params.id) }),
  );
};

export default bookingMessagesRoutes;
