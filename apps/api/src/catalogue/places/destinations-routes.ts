import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DestinationBody } from '@vtc/shared/places/place-schemas';
import { idField } from '@vtc/shared/validation/form-fields';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse, publicErrors } from '../../platform/lib/api-schemas.ts';
import { DestinationItem } from '@vtc/shared/places/place-responses';
import { toDestinationItem } from './destination-mappers.ts';
import { addDestination, editDestination, getDestinations, removeDestination } from './destinations-service.ts';

const bodyNote =
  'originId must be an existing origin (400 not_found on originId); name is unique within its origin (409 conflict on name). Moving a destination to another origin moves its price-list entry too.';

/** Places reached from an origin: read by everyone, changed by admins. */
const destinationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getAll',
    {
      schema: {
        tags: ['places'],
        summary: 'All destinations, by id (public)',
        response: { 200: listResponse(DestinationItem) },
      },
    },
    async () => ({ data: (await getDestinations(app.db)).map(toDestinationItem) }),
  );

  app.get(
    '/getAll/:originId',
    {
      schema: {
        tags: ['places'],
        summary: 'Destinations of one origin, by id (public); 404 for an unknown origin',
        params: z.object({ originId: idField() }),
        response: { 200: listResponse(DestinationItem), ...publicErrors },
      },
    },
    async (request) => ({ data: (await getDestinations(app.db, request.params.originId)).map(toDestinationItem) }),
  );

  app.post(
    '/add',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Add a destination to an origin (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: DestinationBody,
        response: { 201: mutationResponse(DestinationItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const destination = await addDestination(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toDestinationItem(destination) });
    },
  );

  app.put(
    '/update/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Edit a destination (admin)',
        description: bodyNote,
        security: adminSecurity,
        params: IdParams,
        body: DestinationBody,
        response: { 200: mutationResponse(DestinationItem), ...adminErrors },
      },
    },
    async (request) => {
      const destination = await editDestination(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toDestinationItem(destination) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Delete a destination with its price-list entries (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const destination = await removeDestination(app.db, request.params.id);
      return { message: request.t('deleted'), data: { id: destination.id } };
    },
  );
};

export default destinationsRoutes;
