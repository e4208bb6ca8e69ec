import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../platform/lib/api-schemas.ts';
import { badRequest } from '../../platform/lib/app-error.ts';
import { recordDelivery } from '../../platform/mail/outbox.ts';
import { textStatusCallbackUrl } from '../../platform/texts/text-senders.ts';

/** The SMS provider's reports on the texts it took (decision 0130), mounted at /booking. */
const textStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the form exactly as the provider sent it: this route reads its body raw.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/messages/status',
    {
      schema: {
        tags: ['booking'],
        summary: 'Delivery report of a text (Twilio status callback)',
        description: [
          'Public, posted by Twilio to the StatusCallback given with each text: a form (MessageSid, MessageStatus…) signed in',
          'X-Twilio-Signature over PUBLIC_URL + this path with the auth token. 400 signature_invalid otherwise (always without',
          'an SMS provider). sent, delivered, undelivered, failed and read are recorded on the text (never moved back by a late',
          'report); other statuses and unknown messages are taken and ignored. 204.',
        ].join(' '),
        response: { 204: z.null(), 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const signature = request.headers['x-twilio-signature'];
      const report = app.texts.readStatus({
        url: textStatusCallbackUrl(app.config.PUBLIC_URL),
        signature: typeof signature === 'string' ? signature : undefined,
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      if (report === 'invalid') throw badRequest('signature_invalid');
      if (report) await recordDelivery(app.db, report);
      return reply.status(204).send(null);
    },
  );
};

export default textStatusRoutes;
