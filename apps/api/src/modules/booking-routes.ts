import type { FastifyPluginAsync } from 'fastify';

/** The booking funnel, its life cycle, payments and places (mounted under /api). */
const bookingRoutes: FastifyPluginAsync = async () => {};

export default bookingRoutes;
