import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/auth-routes.ts';
import companyRoutes from './companies/company-routes.ts';
import profileRoutes from './profile/profile-routes.ts';
import adminUsersRoutes from './users/admin-users-routes.ts';

/** Sign-up, sessions, the user's own profile, the admin's user list and company accounts (mounted under /api). */
const accountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(profileRoutes, { prefix: '/profile' });
  await app.register(adminUsersRoutes, { prefix: '/user' });
  await app.register(companyRoutes, { prefix: '/company' });
};

export default accountsRoutes;
