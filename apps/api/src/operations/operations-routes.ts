import type { FastifyPluginAsync } from 'fastify';
import assignmentsRoutes from './assignments/assignments-routes.ts';
import driversRoutes from './drivers/drivers-routes.ts';
import missionsRoutes from './missions/missions-routes.ts';

/** Running the trips: chauffeurs, assignment, mission links; next dispatch (mounted under /api). */
const operationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(driversRoutes, { prefix: '/driver' });
  await app.register(assignmentsRoutes, { prefix: '/booking' });
  await app.register(missionsRoutes, { prefix: '/mission' });
};

export default operationsRoutes;
