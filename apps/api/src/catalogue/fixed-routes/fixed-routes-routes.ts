import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PricingListBody } from '@vtc/shared/pricing/pricing-list-schemas';
import { optionalIdField } from '@vtc/shared/validation/form-fields';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse, publicErrors } from '../../platform/lib/api-schemas.ts';
import { sendJson } from '../../platform/lib/json-reply.ts';
import { listCars } from '../cars/cars-repository.ts';
import { PriceListCar, PricingListItem, PricingListResponse } from '@vtc/shared/pricing/pricing-responses';
import { toPriceListCar, toPricingListItem } from './fixed-route-mappers.ts';
import { addEntry, editEntry, getEntriesJson, removeEntry } from './fixed-routes-service.ts';

const bodyNote = [
  'place is the destination id, placeFrom the origin id (the destination must belong to it: 400 invalid_value on place),',
  'placeTo an optional label, carsList [{carId, price}] with prices in EUR as typed; a blank price leaves the car out.',
  'At least one price (price_required on carsList), each car once (duplicate_car), cars must exist (car_not_exist on carsList).',
  'One entry per origin and destination: 409 conflict on place.',
].join(' ');

/** Fixed-price routes: read by everyone (public price-list page), changed by admins. */
const pricingListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getAll',
    {
      schema: {
        tags: ['pricing-list'],
        summary: 'Fixed-price routes with the price of each car (public)',
        description: 'Optionally of one origin (location) and/or one destination (place). Ordered by origin, then destination.',
        querystring: z.object({
          location: optionalIdField().meta({ description: 'Origin id' }),
          place: optionalIdField().meta({ description: 'Destination id' }),
        }),
        response: { 200: PricingListResponse, ...publicErrors },
      },
    },
    async (request, reply) =>
      sendJson(reply, await getEntriesJson(app.caches, { originId: request.query.location, destinationId: request.query.place })),
  );

  app.get(
    '/cars',
    {
      schema: {
        tags: ['pricing-list'],
        summary: 'The cars offered to customers, as the columns of the price list and the inputs of its form (public)',
        description: 'Cars hidden by the company are left out; their prices are kept (an edit of a route keeps them too).',
        response: { 200: listResponse(PriceListCar) },
      },
    },
    async () => ({ data: (await listCars(app.db, { offeredOnly: true })).map(toPriceListCar) }),
  );

  app.post(
    '/add',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pricing-list'],
        summary: 'Add a fixed-price route (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: PricingListBody,
        response: { 201: mutationResponse(PricingListItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const entry = await addEntry(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toPricingListItem(entry) });
    },
  );

  app.put(
    '/update/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pricing-list'],
        summary: 'Replace a fixed-price route and all its prices (admin)',
        description: `${bodyNote} A car left out of carsList loses its price on this route.`,
        security: adminSecurity,
        params: IdParams,
        body: PricingListBody,
        response: { 200: mutationResponse(PricingListItem), ...adminErrors },
      },
    },
    async (request) => {
      const entry = await editEntry(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toPricingListItem(entry) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['pricing-list'],
        summary: 'Delete a fixed-price route and its prices (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const deleted = await removeEntry(app.db, request.params.id);
      return { message: request.t('deleted'), data: deleted };
    },
  );
};

export default pricingListRoutes;
