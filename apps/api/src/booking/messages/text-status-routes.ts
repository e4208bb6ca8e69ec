import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '../../platform/lib/api-schemas.ts';
import { AppError, badRequest } from '../../platform/lib/app-error.ts';
import { recordDelivery } from '../../platform/mail/outbox.ts';
import { textInboundUrl, textStatusCallbackUrl } from '../../platform/texts/text-senders.ts';
import { recordTextOptOut } from '../../accounts/texts/account-texts.ts';

/** Twilio's empty answer to a message: nothing sent back (Twilio answers STOP and START itself). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/** The SMS provider's reports on the texts it took (decision 0130) and the messages customers send (decision 0149), mounted at /booking. */
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

  app.post(
    '/messages/inbound',
    {
      schema: {
        tags: ['booking'],
        summary: 'A message a customer sent to our number (Twilio messaging webhook): STOP stops texts',
        description: [
          'Public, posted by Twilio for each message received on the SMS or WhatsApp sender (set PUBLIC_URL + this path as the',
          'sender’s "A message comes in" webhook): a form (From, Body, MessageSid, OptOutType…) signed in X-Twilio-Signature over',
          'that URL with the auth token; 403 signature_invalid otherwise, nothing changed (always without an SMS provider).',
          'STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, ARRET/ARRÊT, or OptOutType=STOP, clears the consent to texts of every',
          'account with that number and cancels its texts not yet sent, once per MessageSid (decision 0149). START, UNSTOP or',
          'OptOutType=START is recorded and gives no consent back; HELP and other messages are ignored. Answers empty TwiML.',
        ].join(' '),
        response: { 200: z.string(), 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      const signature = request.headers['x-twilio-signature'];
      const inbound = app.texts.readInbound({
        url: textInboundUrl(app.config.PUBLIC_URL),
        signature: typeof signature === 'string' ? signature : undefined,
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      if (inbound === 'invalid') throw new AppError(403, 'signature_invalid');
      if (inbound.action && inbound.from) {
        const outcome = await recordTextOptOut(app.db, {
          phone: inbound.from,
          channel: inbound.channel,
          action: inbound.action,
          keyword: inbound.keyword,
          providerMessageId: inbound.providerId,
        });
        if (outcome) request.log.info({ action: inbound.action, channel: inbound.channel, ...outcome }, 'text opt-out recorded');
      }
      return reply.status(200).type('text/xml').send(EMPTY_TWIML);
    },
  );
};

export default textStatusRoutes;
