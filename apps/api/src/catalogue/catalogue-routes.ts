import type { FastifyPluginAsync } from 'fastify';
import carsRoutes from './cars/cars-routes.ts';
import durationsRoutes from './durations/durations-routes.ts';
import fixedRoutesRoutes from './fixed-routes/fixed-routes-routes.ts';
import hireRatesRoutes from './hire-rates/hire-rates-routes.ts';
import holidaysRoutes from './holidays/holidays-routes.ts';
import destinationsRoutes from './places/destinations-routes.ts';
import originsRoutes from './places/origins-routes.ts';
import type { PlacesProvider } from './places/places-provider.ts';
import placesRoutes from './places/places-routes.ts';
import ratesRoutes from './rates/rates-routes.ts';
import seasonsRoutes from './seasons/seasons-routes.ts';
import toursRoutes from './tours/tours-routes.ts';

/** The company's catalogue: fleet, rates, fixed routes, places, calendar data (mounted under /api). */
const catalogueRoutes: FastifyPluginAsync<{ places: PlacesProvider }> = async (app, { places }) => {
  await app.register(carsRoutes, { prefix: '/car' });
  await app.register(ratesRoutes, { prefix: '/pricing' });
  await app.register(fixedRoutesRoutes, { prefix: '/pricingList' });
  await app.register(hireRatesRoutes, { prefix: '/hourlyRate' });
  await app.register(originsRoutes, { prefix: '/origin' });
  await app.register(destinationsRoutes, { prefix: '/destination' });
  await app.register(seasonsRoutes, { prefix: '/season' });
  await app.register(holidaysRoutes, { prefix: '/holiday' });
  await app.register(durationsRoutes, { prefix: '/duration' });
  await app.register(toursRoutes, { prefix: '/tour' });
  await app.register(placesRoutes, { prefix: '/places', places });
};

export default catalogueRoutes;
