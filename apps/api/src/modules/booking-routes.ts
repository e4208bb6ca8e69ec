import type { FastifyPluginAsync } from 'fastify';
import adminBookingsRoutes from './bookings/admin-bookings-routes';
import bookingsRoutes from './bookings/bookings-routes';
import paymentsRoutes from './payments/payments-routes';
import { createPlacesProvider } from './places/places-provider';
import placesRoutes from './places/places-routes';

/** The booking funnel, its life cycle, payments and places (mounted under /api). */
const bookingRoutes: FastifyPluginAsync = async (app) => {
  const places = createPlacesProvider(app.config);
  await app.register(placesRoutes, { prefix: '/places', places });
  await app.register(bookingsRoutes, { prefix: '/user/booking', places });
  await app.register(paymentsRoutes, { prefix: '/booking/payment' });
  await app.register(adminBookingsRoutes, { prefix: '/booking', places });
};

export default bookingRoutes;
