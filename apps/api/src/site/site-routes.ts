import type { FastifyPluginAsync } from 'fastify';
import contactsRoutes from './contact/contacts-routes.ts';
import healthRoutes from './health/health-routes.ts';
import publicConfigRoutes from './public-config/public-config-routes.ts';

/** The public site's own endpoints: health, public configuration, contact form (mounted under /api). */
const siteRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(publicConfigRoutes);
  await app.register(contactsRoutes, { prefix: '/contacts' });
};

export default siteRoutes;
