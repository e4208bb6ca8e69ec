import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DurationBody } from '@vtc/shared/calendar/duration-schemas';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import { DurationItem } from '@vtc/shared/calendar/calendar-responses';
import { toDurationItem } from './duration-mappers.ts';
import { addDuration, editDuration, getDurations, removeDuration } from './durations-service.ts';

const bodyNote = 'Travel time of a route: origin and destination as chosen in the maps autocomplete, duration in minutes (a whole number).';

/** Travel times between places (admin). */
const durationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['durations'],
        summary: 'All route durations, in creation order (admin)',
        security: adminSecurity,
        response: { 200: listResponse(DurationItem), ...adminErrors },
      },
    },
    async () => ({ data: (await getDurations(app.db)).map(toDurationItem) }),
  );

  app.post(
    '/add',
    {
      schema: {
        tags: ['durations'],
        summary: 'Add a route duration (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: DurationBody,
        response: { 201: mutationResponse(DurationItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const duration = await addDuration(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toDurationItem(duration) });
    },
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags: ['durations'],
        summary: 'Edit a route duration (admin)',
        description: bodyNote,
        security: adminSecurity,
        params: IdParams,
        body: DurationBody,
        response: { 200: mutationResponse(DurationItem), ...adminErrors },
      },
    },
    async (request) => {
      const duration = await editDuration(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toDurationItem(duration) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags: ['durations'],
        summary: 'Delete a route duration (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const duration = await removeDuration(app.db, request.params.id);
      return { message: request.t('deleted'), data: { id: duration.id } };
    },
  );
};

export default durationsRoutes;
