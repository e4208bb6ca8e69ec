import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteAccountBody, MessageResponse, PublicUser, UpdatePasswordBody } from '@vtc/shared/auth/auth-schemas';
import { ProfileUpdateBody } from '@vtc/shared/auth/profile-schemas';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { ErrorResponse } from '../../platform/lib/api-schemas.ts';
import { accountAndAddressLimit } from '../../platform/lib/rate-limits.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';
import { deleteAccount, exportAccountData } from './account-privacy.ts';
import { changePassword, getProfile, updateProfile } from './profile-service.ts';

const Records = z.array(z.record(z.string(), z.unknown()));
const AccountExport = z.object({
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  bookings: Records,
  messages: Records,
});

/** The signed-in person's own account; open to customers and admins alike. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/getAll',
    { schema: { tags: ['profile'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: z.object({ data: PublicUser }) } } },
    async (request) => ({ data: await getProfile(app.db, requireAuth(request).userId) }),
  );

  // Each change of address mails a link: the route is limited besides the cap on those mails.
  const updateLimit = accountAndAddressLimit(app, 'profile-update', {
    accountMax: app.config.PROFILE_RATE_LIMIT_ACCOUNT_MAX,
    addressMax: app.config.PROFILE_RATE_LIMIT_ADDRESS_MAX,
    timeWindow: app.config.PROFILE_RATE_LIMIT_WINDOW,
  });
  app.put(
    '/update',
    {
      config: { rateLimit: updateLimit.rateLimit },
      preHandler: updateLimit.limitAccount,
      schema: {
        tags: ['profile'],
        summary: 'Update full name, e-mail, phone, the consent to texts and the company invoices are made out to',
        description: [
          '`billing` (companyName, address, siren and/or vatNumber, checked as a company request’s) is a card-paying business',
          'customer’s company, printed on their invoices (decision 0134): missing leaves it unchanged, null removes it.',
          'A new e-mail address is unverified until the link mailed to it is followed; mail with booking details waits until then.',
          'Limited per account and per client address (429 too_many_requests); a change of address past the cap of verification',
          'mails per account or per address (MAIL_CAP_*) is refused, nothing changed (429 mail_limit_reached). Optional',
          'smsConsent (boolean): texts about the bookings at `phone`; absent leaves it as it was; true with a number that cannot',
          'receive texts is 400 sms_phone_cannot_receive on smsConsent (decision 0130).',
        ].join(' '),
        security: [{ bearerAuth: [] }],
        body: ProfileUpdateBody,
        response: { 200: z.object({ message: z.string(), data: PublicUser }), 429: ErrorResponse },
      },
    },
    async (request) => {
      const data = await updateProfile({ db: app.db, config: app.config }, requireAuth(request).userId, request.body);
      return { message: request.t('profile_updated'), data };
    },
  );

  app.put(
    '/updatePassword',
    {
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW } },
      schema: {
        tags: ['profile'],
        summary: 'Change the password, knowing the current one',
        security: [{ bearerAuth: [] }],
        body: UpdatePasswordBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { userId, sessionId } = requireAuth(request);
      await changePassword(app.db, userId, sessionId, request.body);
      return { message: request.t('password_updated') };
    },
  );

  app.get(
    '/export',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Download my data (JSON): the account, its bookings with stops, history and payments, its contact messages',
        security: [{ bearerAuth: [] }],
        response: { 200: AccountExport },
      },
    },
    async (request, reply) => {
      const data = await exportAccountData(app.db, requireAuth(request).userId);
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="riviera-vtc-my-data-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '/delete',
    {
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW } },
      schema: {
        tags: ['profile'],
        summary: 'Delete my account, knowing the password',
        description:
          'Personal data is erased; bookings and invoices are kept for the accounting years the law requires, tied to no one. ' +
          'Every session ends. Refused (409 account_has_upcoming_trips) while a pending, accepted or paid trip is still to come.',
        security: [{ bearerAuth: [] }],
        body: DeleteAccountBody,
        response: { 200: MessageResponse },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.db, requireAuth(request).userId, request.body);
      clearRefreshCookie(reply);
      return { message: request.t('account_deleted') };
    },
  );
};

export default profileRoutes;
