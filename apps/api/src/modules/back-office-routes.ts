import type { FastifyPluginAsync } from 'fastify';

/** The company's catalogue: fleet, prices, price lists, calendar data (mounted under /api). */
const backOfficeRoutes: FastifyPluginAsync = async () => {};

export default backOfficeRoutes;
