import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserPage } from '@vtc/shared/auth/auth-responses';
import { listUsers, toPublicUser } from './users-repository.ts';
import { idCursorField } from '@vtc/shared/validation/form-fields';
import { searchField } from '@vtc/shared/search/search-query';
import { parseSearch } from '../../platform/db/text-search.ts';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['users'],
        summary: 'Customer and admin accounts, oldest first, by pages, with their booking counts (admin)',
        description: [
          '`q` (trimmed, 100 characters at most, else 400 search_too_long) finds accounts holding every word in their name,',
          'e-mail or phone, case and accents ignored, or a phone in any format; "#123" (or fewer than 6 digits) finds the owner',
          'of that booking. `booking_count` counts the bookings confirmed at step three, whatever their status since. See docs/decisions/0071.',
        ].join(' '),
        security: [{ bearerAuth: [] }],
        querystring: z.object({
          after: idCursorField(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          q: searchField(),
        }),
        response: { 200: UserPage },
      },
    },
    async (request) => {
      const { after, limit, q } = request.query;
      const rows = await listUsers(app.db, { afterId: after, search: parseSearch(q), limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        data: page.map((row) => ({ ...toPublicUser(row), created_at: row.createdAt.toISOString(), booking_count: row.bookingCount })),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },
  );
};

export default usersRoutes;
