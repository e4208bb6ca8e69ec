import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkHealth } from './check-health.ts';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database answers, else 503',
        description:
          'changeFeed: live while this process hears the database’s change notifications (hot reads from memory), ' +
          'off while it does not, e.g. reconnecting (reads then go to the database; decision 0026).',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), changeFeed: z.enum(['live', 'off']) }),
          503: z.object({ status: z.literal('unavailable'), message: z.string(), code: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await checkHealth(app.db);
        return { status: 'ok' as const, database: app.database.kind, changeFeed: app.caches.feed.live ? ('live' as const) : ('off' as const) };
      } catch (error) {
        request.log.error({ err: error }, 'database unreachable');
        return reply.status(503).send({ status: 'unavailable' as const, message: request.t('service_unavailable'), code: 'service_unavailable' });
      }
    },
  );
};

export default healthRoutes;
