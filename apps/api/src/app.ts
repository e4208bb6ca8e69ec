import { mkdirSync } from 'node:fs';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
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
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import mailerPlugin from './plugins/mailer.ts';
import { createRateLimitCounters, rateLimitStoreClass, type RateLimitCounters } from './plugins/rate-limit-store.ts';
import readCachesPlugin from './plugins/read-caches.ts';
import securityHeadersPlugin, { relaxStylesForDocs } from './plugins/security-headers.ts';
import seoPlugin from './plugins/seo.ts';
import webAppPlugin from './plugins/web-app.ts';
import authRoutes from './modules/auth/auth-routes.ts';
import backOfficeRoutes from './modules/back-office-routes.ts';
import bookingRoutes from './modules/booking-routes.ts';
import healthRoutes from './modules/health/health-routes.ts';
import profileRoutes from './modules/profile/profile-routes.ts';
import publicConfigRoutes from './modules/public-config/public-config-routes.ts';
import usersRoutes from './modules/users/users-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Counters shared by every process on the database; the store of every rate limit. */
    rateLimits: RateLimitCounters;
  }
}

export type BuildAppOptions = { config: Config; database: Database; logger?: boolean };

/** Builds the Fastify instance: infrastructure plugins first, then the API modules. */
export async function buildApp({ config, database, logger = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    // Only the configured proxies may set X-Forwarded-For; anyone else could pick their own address.
    trustProxy: config.TRUST_PROXY_HOPS > 0 ? (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  mkdirSync(config.UPLOADS_DIR, { recursive: true });

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
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cors, { origin: false });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // The typings describe child()'s argument as route options; at run time it is the merged limit settings.
    store: rateLimitStoreClass(app.rateLimits) as unknown as FastifyRateLimitStoreCtor,
  });
  await app.register(authPlugin);
  await app.register(mailerPlugin);
  await app.register(readCachesPlugin);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Riviera VTC API',
        version: '1.0.0',
        description:
          'Booking platform of a private chauffeur service. Errors are `{ message, code, errors? }` with `message` in the language of `Accept-Language` (fr, en, ar).',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI writes <style> elements and style attributes: its pages alone allow inline styles.
    transformStaticCSP: (header) => relaxStylesForDocs(header),
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicConfigRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(profileRoutes, { prefix: '/profile' });
      await api.register(usersRoutes, { prefix: '/user' });
      await api.register(backOfficeRoutes);
      await api.register(bookingRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(seoPlugin);
  await app.register(webAppPlugin);
  return app;
}
