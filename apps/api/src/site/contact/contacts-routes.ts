import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import { ContactMessagePage, type ContactMessageItem } from '@vtc/shared/contact/contact-responses';
import { ContactBody } from '@vtc/shared/contact/contact-schemas';
import { adminErrors, adminSecurity, ErrorResponse } from '../../platform/lib/api-schemas.ts';
import { idCursorField } from '@vtc/shared/validation/form-fields';
import type { ContactMessageRow } from './contacts-repository.ts';
import { mailCompany } from '../../platform/mail/layout.ts';
import { mailCapsOf } from '../../platform/mail/mail-caps.ts';
import { getContactMessages, sendContactMessage } from './contacts-service.ts';

const toContactMessageItem = (row: ContactMessageRow): ContactMessageItem => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  language: row.language,
  createdAt: row.createdAt.toISOString(),
});

/** The contact form: anyone may write, admins read. */
const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW } },
      schema: {
        tags: ['contacts'],
        summary: 'Send a message to the company (public, rate limited)',
        description:
          'The message (250 characters at most) is kept and e-mailed to the company, Reply-To the sender. A signed-in sender whose address is verified gets a copy at that address; anyone else gets a receipt without their words at the typed address, once a day (decision 0076).',
        body: ContactBody,
        response: { 201: MessageResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      // The session is optional and only decides the copy: an expired or invalid token is a visitor's.
      const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const claims = token ? await app.accessTokens.verify(token) : null;
      const senderUserId = claims && typeof claims === 'object' ? claims.userId : null;
      await sendContactMessage(
        { db: app.db, companyEmail: app.config.COMPANY_EMAIL, company: mailCompany(app.config), mailCaps: mailCapsOf(app.config) },
        request.body,
        request.lang,
        senderUserId,
      );
      return reply.status(201).send({ message: request.t('message_sent') });
    },
  );

  app.get(
    '/getAll',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['contacts'],
        summary: 'Contact messages, newest first, by pages (admin)',
        description: 'Pass the nextCursor of a page as `after` to get the next (older) page; nextCursor is null on the last page.',
        security: adminSecurity,
        querystring: z.object({
          after: idCursorField(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: ContactMessagePage, ...adminErrors },
      },
    },
    async (request) => {
      const { rows, nextCursor } = await getContactMessages(app.db, request.query);
      return { data: rows.map(toContactMessageItem), nextCursor };
    },
  );
};

export default contactsRoutes;
