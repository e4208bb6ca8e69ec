import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/auth-routes.ts';
import profileRoutes from './profile/profile-routes.ts';
import adminUsersRoutes from './users/admin-users-routes.ts';

/** Sign-up, sessions, the user's own profile and the admin's user list (mounted under /api). */
const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(profileRoutes, { prefix: '/profile' });
  await app.register(adminUsersRoutes, { prefix: '/user' });
};

export default accountsRoutes;
