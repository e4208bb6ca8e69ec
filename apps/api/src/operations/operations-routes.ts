import type { FastifyPluginAsync } from 'fastify';
import assignmentsRoutes from './assignments/assignments-routes.ts';
import dashboardRoutes from './dashboard/dashboard-routes.ts';
import driversRoutes from './drivers/drivers-routes.ts';
import missionsRoutes from './missions/missions-routes.ts';
import planningRoutes from './planning/planning-routes.ts';
import trackingRoutes from './tracking/tracking-routes.ts';

/** Running the trips: chauffeurs, assignment, mission links, the customer's tracking link, the dispatch calendar and the dashboard (mounted under /api). */
const operationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(driversRoutes, { prefix: '/driver' });
  await app.register(assignmentsRoutes, { prefix: '/booking' });
  await app.register(missionsRoutes, { prefix: '/mission' });
  await app.register(planningRoutes, { prefix: '/booking' });
  await app.register(dashboardRoutes, { prefix: '/dashboard' });
  await app.register(trackingRoutes, { prefix: '/track' });
};

export default operationsRoutes;
