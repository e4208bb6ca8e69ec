import type { FastifyPluginAsync } from 'fastify';
import adminBookingsRoutes from './bookings/admin-bookings-routes.ts';
import bookingsRoutes from './bookings/bookings-routes.ts';
import paymentsRoutes from './payments/payments-routes.ts';
import { createPlacesProvider } from './places/places-provider.ts';
import placesRoutes from './places/places-routes.ts';

/** The booking funnel, its life cycle, payments and places (mounted under /api). */
const bookingRoutes: FastifyPluginAsync = async (app) => {
  const places = createPlacesProvider(app.config);
  await app.register(placesRoutes, { prefix: '/places', places });
  await app.register(bookingsRoutes, { prefix: '/user/booking', places });
  await app.register(paymentsRoutes, { prefix: '/booking/payment' });
  await app.register(adminBookingsRoutes, { prefix: '/booking', places });
};

export default bookingRoutes;
