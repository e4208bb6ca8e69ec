import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SeasonBody } from '@vtc/shared/calendar/season-schemas';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import { SeasonItem } from '@vtc/shared/calendar/calendar-responses';
import { toSeasonItem } from './season-mappers.ts';
import { addSeason, editSeason, getSeasons, removeSeason } from './seasons-service.ts';

const bodyNote =
  'Months 1-12; a range may wrap the year end (11 -> 2). Seasons may not share a month: 409 season_overlap (field startMonth).';

/** Pricing seasons (admin). */
const seasonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['seasons'],
        summary: 'All seasons, in creation order (admin)',
        security: adminSecurity,
        response: { 200: listResponse(SeasonItem), ...adminErrors },
      },
    },
    async () => ({ data: (await getSeasons(app.db)).map(toSeasonItem) }),
  );

  app.post(
    '/add',
    {
      schema: {
        tags: ['seasons'],
        summary: 'Add a season (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: SeasonBody,
        response: { 201: mutationResponse(SeasonItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const season = await addSeason(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toSeasonItem(season) });
    },
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags: ['seasons'],
        summary: 'Edit a season (admin)',
        description: bodyNote,
        security: adminSecurity,
        params: IdParams,
        body: SeasonBody,
        response: { 200: mutationResponse(SeasonItem), ...adminErrors },
      },
    },
    async (request) => {
      const season = await editSeason(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toSeasonItem(season) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags: ['seasons'],
        summary: 'Delete a season and its pricing bands (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const season = await removeSeason(app.db, request.params.id);
      return { message: request.t('deleted'), data: { id: season.id } };
    },
  );
};

export default seasonsRoutes;
