import type { FastifyPluginAsync } from 'fastify';
import type { PlacesProvider } from '../catalogue/places/places-provider.ts';
import decisionsRoutes from './decisions/decisions-routes.ts';
import funnelRoutes from './funnel/funnel-routes.ts';
import paymentsRoutes from './payments/payments-routes.ts';

/** The booking funnel, the company's decisions and payments (mounted under /api). */
const bookingRoutes: FastifyPluginAsync<{ places: PlacesProvider }> = async (app, { places }) => {
  await app.register(funnelRoutes, { prefix: '/user/booking', places });
  await app.register(paymentsRoutes, { prefix: '/booking/payment' });
  await app.register(decisionsRoutes, { prefix: '/booking', places });
};

export default bookingRoutes;
