import type { FastifyPluginAsync } from 'fastify';
import dashboardRoutes from './dashboard/dashboard-routes.ts';
import driversRoutes from './drivers/drivers-routes.ts';
import planningRoutes from './planning/planning-routes.ts';

/** Running the trips: chauffeurs, the dispatch calendar and the dashboard (mounted under /api). */
const operationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(driversRoutes, { prefix: '/driver' });
  await app.register(planningRoutes, { prefix: '/booking' });
  await app.register(dashboardRoutes, { prefix: '/dashboard' });
};

export default operationsRoutes;
