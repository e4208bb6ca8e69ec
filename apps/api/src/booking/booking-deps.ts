import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db/client.ts';
import type { ReadCaches } from '../platform/db/read-caches.ts';
import type { PlacesProvider } from '../catalogue/places/places-provider.ts';
import type { PaymentProviders } from './payments/payment-providers.ts';

/** What the booking's use cases are given by their routes. */
export type BookingsDeps = {
  db: Db;
  config: Config;
  places: PlacesProvider;
  caches: ReadCaches;
  log: FastifyBaseLogger;
  /** Set where a change must close the payment pages still open (cancel). */
  providers?: PaymentProviders;
};
