import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponse, ProfileBody, PublicUser, UpdatePasswordBody } from '@vtc/shared/auth/auth-schemas';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { isPgError, UNIQUE_VIOLATION } from '../../lib/pg-errors.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.ts';
import { issueEmailVerification } from '../auth/email-verification.ts';
import { findUserByEmail, findUserById, normalizeEmail, toPublicUser, updateUser } from '../auth/users-repository.ts';

/** The signed-in person's own account; open to customers and admins alike. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/getAll',
    { schema: { tags: ['profile'], summary: 'The signed-in user', security: [{ bearerAuth: [] }], response: { 200: z.object({ data: PublicUser }) } } },
    async (request) => {
      const user = await findUserById(app.db, requireAuth(request).userId);
      if (!user) throw notFound();
      return { data: toPublicUser(user) };
    },
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
      const { userId } = requireAuth(request);
      const other = await findUserByEmail(app.db, request.body.email);
      if (other && other.id !== userId) {
        throw new AppError(409, 'email_taken', {}, [{ path: 'email', message: 'email_taken' }]);
      }
      const user = await app.db
        .transaction(async (tx) => {
          const current = await findUserById(tx, userId);
          if (!current) return undefined;
          // A new address must be proved again before mail with the customer's details goes to it.
          const changed = normalizeEmail(request.body.email) !== current.email;
          const updated = await updateUser(tx, userId, {
            fullName: request.body.fullName,
            email: request.body.email,
            phone: request.body.phone,
            ...(changed && { emailVerifiedAt: null }),
          });
          if (updated && changed) await issueEmailVerification(tx, app, updated);
          return updated;
        })
        .catch((error: unknown) => {
          // Another account took the address between the check and the update.
          if (isPgError(error, UNIQUE_VIOLATION)) throw new AppError(409, 'email_taken', {}, [{ path: 'email', message: 'email_taken' }]);
          throw error;
        });
      if (!user) throw notFound();
      return { message: request.t('profile_updated'), data: toPublicUser(user) };
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
      const user = await findUserById(app.db, userId);
      if (!user) throw notFound();
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw new AppError(400, 'wrong_password', {}, [{ path: 'password', message: 'wrong_password' }]);
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      await app.db.transaction(async (tx) => {
        await updateUser(tx, userId, { passwordHash });
        // Sessions opened elsewhere with the old password end; this one goes on.
        await revokeAllForUser(tx, userId, sessionId);
      });
      return { message: request.t('password_updated') };
    },
  );
};

export default profileRoutes;
