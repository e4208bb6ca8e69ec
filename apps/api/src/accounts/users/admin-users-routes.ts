import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserPage } from '@vtc/shared/auth/auth-responses';
import { listUsers, toPublicUser } from './users-repository.ts';
import { idCursorField } from '@vtc/shared/validation/form-fields';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['users'],
        summary: 'Customer and admin accounts, oldest first, by pages (admin)',
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          after: idCursorField(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: UserPage },
      },
    },
    async (request) => {
      const { after, limit } = request.query;
      const rows = await listUsers(app.db, { afterId: after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        data: page.map((row) => ({ ...toPublicUser(row), created_at: row.createdAt.toISOString() })),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );
};

export default usersRoutes;
