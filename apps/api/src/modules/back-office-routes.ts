import type { FastifyPluginAsync } from 'fastify';
import carsRoutes from './cars/cars-routes.ts';
import contactsRoutes from './contacts/contacts-routes.ts';
import durationsRoutes from './durations/durations-routes.ts';
import holidaysRoutes from './holidays/holidays-routes.ts';
import destinationsRoutes from './places/destinations-routes.ts';
import originsRoutes from './places/origins-routes.ts';
import pricingListRoutes from './pricing-list/pricing-list-routes.ts';
import pricingRoutes from './pricing/pricing-routes.ts';
import seasonsRoutes from './seasons/seasons-routes.ts';

/** The company's catalogue: fleet, prices, price lists, calendar data (mounted under /api). */
const backOfficeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(carsRoutes, { prefix: '/car' });
  await app.register(pricingRoutes, { prefix: '/pricing' });
  await app.register(pricingListRoutes, { prefix: '/pricingList' });
  await app.register(originsRoutes, { prefix: '/origin' });
  await app.register(destinationsRoutes, { prefix: '/destination' });
  await app.register(seasonsRoutes, { prefix: '/season' });
  await app.register(holidaysRoutes, { prefix: '/holiday' });
  await app.register(durationsRoutes, { prefix: '/duration' });
  await app.register(contactsRoutes, { prefix: '/contacts' });
};

export default backOfficeRoutes;
