import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponse, ProfileBody, PublicUser, UpdatePasswordBody } from '@vtc/shared/auth/auth-schemas';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { changePassword, getProfile, updateProfile } from './profile-service.ts';

/** The signed-in person's own account; open to customers and admins alike. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/getAll',
    { schema: { tags: ['profile'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: z.object({ data: PublicUser }) } } },
    async (request) => ({ data: await getProfile(app.db, requireAuth(request).userId) }),
  );

  app.put(
    '/update',
    {
      schema: {
        tags: ['profile'],
        summary: 'Update full name, e-mail and phone',
        description: 'A new e-mail address is unverified until the link mailed to it is followed; mail with booking details waits until then.',
        security: [{ bearerAuth: [] }],
        body: ProfileBody,
        response: { 200: z.object({ message: z.string(), data: PublicUser }) },
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
};

export default profileRoutes;
