import type { FastifyPluginAsync } from 'fastify';
import driversRoutes from './drivers/drivers-routes.ts';

/** Running the trips: chauffeurs, and next assignment, missions and dispatch (mounted under /api). */
const operationsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(driversRoutes, { prefix: '/driver' });
};

export default operationsRoutes;
