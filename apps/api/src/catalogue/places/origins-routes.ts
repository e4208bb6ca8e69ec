import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OriginBody } from '@vtc/shared/places/place-schemas';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import { OriginItem } from '@vtc/shared/places/place-responses';
import { toOriginItem } from './origin-mappers.ts';
import { addOrigin, editOrigin, getOrigins, removeOrigin } from './origins-service.ts';

const bodyNote = 'name is unique (409 conflict on name); title is optional.';

/** Departure places of the price list: read by everyone, changed by admins. */
const originsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getAll',
    {
      schema: {
        tags: ['places'],
        summary: 'All origins, by id (public)',
        response: { 200: listResponse(OriginItem) },
      },
    },
    async () => ({ data: (await getOrigins(app.db)).map(toOriginItem) }),
  );

  app.post(
    '/add',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Add an origin (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: OriginBody,
        response: { 201: mutationResponse(OriginItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const origin = await addOrigin(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toOriginItem(origin) });
    },
  );

  app.put(
    '/update/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Edit an origin (admin)',
        description: bodyNote,
        security: adminSecurity,
        params: IdParams,
        body: OriginBody,
        response: { 200: mutationResponse(OriginItem), ...adminErrors },
      },
    },
    async (request) => {
      const origin = await editOrigin(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toOriginItem(origin) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['places'],
        summary: 'Delete an origin with its destinations and price-list entries (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const origin = await removeOrigin(app.db, request.params.id);
      return { message: request.t('deleted'), data: { id: origin.id } };
    },
  );
};

export default originsRoutes;
