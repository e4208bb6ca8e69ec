import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponse, ProfileBody, PublicUser, UpdatePasswordBody } from '@vtc/shared/auth/auth-schemas';
import { AppError, notFound } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { requireAuth } from '../../plugins/auth';
import { findUserByEmail, findUserById, toPublicUser, updateUser } from '../auth/users-repository';

/** The signed-in person's own account; open to customers and admins alike. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

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
      const user = await updateUser(app.db, userId, {
        fullName: request.body.fullName,
        email: request.body.email,
        phone: request.body.phone,
      });
      if (!user) throw notFound();
      return { message: request.t('profile_updated'), data: toPublicUser(user) };
    },
  );

  app.put(
    '/updatePassword',
    {
      schema: {
        tags: ['profile'],
        summary: 'Change the password, knowing the current one',
        security: [{ bearerAuth: [] }],
        body: UpdatePasswordBody,
        response: { 200: MessageResponse },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const user = await findUserById(app.db, userId);
      if (!user) throw notFound();
      if (!(await verifyPassword(user.passwordHash, request.body.password))) {
        throw new AppError(400, 'wrong_password', {}, [{ path: 'password', message: 'wrong_password' }]);
      }
      await updateUser(app.db, userId, { passwordHash: await hashPassword(request.body.newPassword) });
      return { message: request.t('password_updated') };
    },
  );
};

export default profileRoutes;
