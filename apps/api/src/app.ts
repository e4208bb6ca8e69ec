import cookie from '@fastify/cookie';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import accountsRoutes from './accounts/accounts-routes.ts';
import bookingRoutes from './booking/booking-routes.ts';
import bookingCachePlugin from './booking/booking-cache.ts';
import catalogueCachePlugin from './catalogue/catalogue-cache.ts';
import catalogueRoutes from './catalogue/catalogue-routes.ts';
import { createPlacesProvider } from './catalogue/places/create-places-provider.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './platform/db/client.ts';
import readCachesPlugin from './platform/db/read-caches.ts';
import { withSharedSecret } from './platform/db/shared-secret.ts';
import { purgeExpiredCredentials } from './accounts/auth/purge-expired-credentials.ts';
import tokenVersionCachePlugin from './accounts/auth/token-version-cache.ts';
import { refundJob } from './booking/payments/deposit-refunds.ts';
import { einvoiceJobs } from './booking/documents/einvoice-jobs.ts';
import { bookingReminderJobs } from './booking/reminders/booking-reminders.ts';
import { flightWatchJobs } from './booking/flights/flight-watch.ts';
import { feedbackRequestJob } from './booking/feedback/feedback-requests.ts';
import { purgeUnclaimedQuotesJob } from './booking/funnel/purge-unclaimed-quotes.ts';
import { lapseUndecidedJob } from './booking/decisions/lapse-undecided.ts';
import { companyStatementsJob } from './booking/company/company-statements.ts';
import { driverDigestJobs } from './operations/digest/driver-digest.ts';
import { purgePositionsJob } from './operations/tracking/purge-positions.ts';
import authGuardPlugin from './platform/http/auth-guard.ts';
import errorsPlugin from './platform/http/errors.ts';
import inputGuardPlugin from './platform/http/input-guard.ts';
import { createRateLimitCounters, rateLimitStoreClass, type RateLimitCounters } from './platform/http/rate-limit-store.ts';
import securityHeadersPlugin, { relaxStylesForDocs } from './platform/http/security-headers.ts';
import { checkParisClockRule } from '@vtc/shared/time/paris-time';
import { safeLoggerOptions } from './platform/lib/log-redaction.ts';
import servedUploadsPlugin from './platform/http/served-uploads.ts';
import jobsPlugin from './platform/jobs/jobs-plugin.ts';
import webAppPlugin from './platform/http/web-app.ts';
import mailerPlugin from './platform/mail/mailer.ts';
import seoPlugin, { renderServedPages } from './site/seo/seo.ts';
import operationsRoutes from './operations/operations-routes.ts';
import siteRoutes from './site/site-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Counters shared by every process on the database; the store of every rate limit. */
    rateLimits: RateLimitCounters;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

/** Builds the Fastify instance: platform plugins first, then each business area's routes. */
export async function buildApp({ config: loaded, database, logger = true, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const config = await withSharedSecret(loaded, database.db);
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL, ...safeLoggerOptions, ...(logStream && { stream: logStream }) } : false,
    // Only the configured proxies may set X-Forwarded-For; anyone else could pick their own address.
    trustProxy: config.TRUST_PROXY_HOPS > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
        instance.decorate('database', database);
        instance.decorate('db', database.db);
        instance.decorate('rateLimits', createRateLimitCounters(database.db));
      },
      { name: 'config' },
    ),
  );
  // Paris times are read by the EU clock rule; should this process's time zone data disagree (a
  // law changed the clocks), they are read by Intl instead (docs/decisions/0164).
  if (!checkParisClockRule(new Date().getUTCFullYear() - 1)) {
    app.log.warn('the EU clock rule disagrees with Intl for Europe/Paris: Paris times are read by Intl');
  }
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, { servedPages: () => renderServedPages(config.WEB_DIST_DIR, config.PUBLIC_URL) });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // The typings describe child()'s argument as route options; at run time it is the merged limit settings.
    store: rateLimitStoreClass(app.rateLimits) as unknown as FastifyRateLimitStoreCtor,
  });
  await app.register(authGuardPlugin);
  await app.register(mailerPlugin);
  await app.register(jobsPlugin, {
    jobs: [purgeExpiredCredentials, refundJob(config), ...bookingReminderJobs(config), feedbackRequestJob(config), ...driverDigestJobs(config), purgeUnclaimedQuotesJob(config), purgePositionsJob, ...einvoiceJobs(config), companyStatementsJob({ config }), ...flightWatchJobs(config), lapseUndecidedJob({ config })],
  });
  await app.register(readCachesPlugin);
  await app.register(catalogueCachePlugin);
  await app.register(bookingCachePlugin);
  await app.register(tokenVersionCachePlugin);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Riviera VTC API',
        version: '1.0.0',
        description:
          'Booking platform of a private chauffeur service. Errors are `{ message, code, errors? }` with `message` in the language of `Accept-Language` (fr, en, ar).',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // A visitor's quote (decision 0092): the random token step one answered.
          quoteToken: { type: 'apiKey', in: 'header', name: 'X-Quote-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI writes <style> elements and style attributes: its pages alone allow inline styles.
    transformStaticCSP: (header) => relaxStylesForDocs(header),
  });

  // One provider shared by the catalogue's place search and the booking's route distances.
  const places = createPlacesProvider(config, app.log);
  await app.register(
    async (api) => {
      await api.register(siteRoutes);
      await api.register(accountsRoutes);
      await api.register(catalogueRoutes, { places });
      await api.register(bookingRoutes, { places });
      await api.register(operationsRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(seoPlugin);
  await app.register(servedUploadsPlugin);
  await app.register(webAppPlugin);
  return app;
}
