import type { FastifyPluginAsync } from 'fastify';
import carsRoutes from './cars/cars-routes';
import contactsRoutes from './contacts/contacts-routes';
import durationsRoutes from './durations/durations-routes';
import holidaysRoutes from './holidays/holidays-routes';
import destinationsRoutes from './places/destinations-routes';
import originsRoutes from './places/origins-routes';
import pricingListRoutes from './pricing-list/pricing-list-routes';
import pricingRoutes from './pricing/pricing-routes';
import seasonsRoutes from './seasons/seasons-routes';

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
