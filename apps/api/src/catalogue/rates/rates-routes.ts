import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PricingBody } from '@vtc/shared/pricing/pricing-schemas';
import { optionalIdField } from '@vtc/shared/validation/form-fields';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import { PricingItem } from '@vtc/shared/pricing/pricing-responses';
import { toPricingItem } from './rate-mappers.ts';
import { addPricing, editPricing, getPricings, removePricing } from './rates-service.ts';

const bodyNote = [
  'Amounts are EUR as typed (number or text, dot or comma, 2 decimals at most) and are stored as integer cents.',
  'minPrice is the fixed day price, pricePerKm the day rate per km, minPriceNight and priceNight their night counterparts.',
  'A fixed price or a price per km is required (price_required on minPrice). kmStart is inclusive, kmEnd exclusive (empty: open ended);',
  'bands [0, 20) and [20, 100) of one car and season are fine, overlapping ones are refused with 409 km_band_overlap (field kmStart).',
  'Unknown car: 400 car_not_exist on carId; unknown season: 400 not_found on seasonId.',
].join(' ');

/** Distance bands and their prices, per car and season (admin). */
const pricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Pricing bands with their car and season, optionally of one car and/or one season (admin)',
        description: 'Ordered by car, season and start km. Amounts in EUR (min_price...) and in cents (min_price_cents...).',
        security: adminSecurity,
        querystring: z.object({
          car: optionalIdField().meta({ description: 'Car id' }),
          season: optionalIdField().meta({ description: 'Season id' }),
        }),
        response: { 200: listResponse(PricingItem), ...adminErrors },
      },
    },
    async (request) => {
      const rows = await getPricings(app.db, { carId: request.query.car, seasonId: request.query.season });
      return { data: rows.map(toPricingItem) };
    },
  );

  app.post(
    '/add',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Add a pricing band (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: PricingBody,
        response: { 201: mutationResponse(PricingItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const pricing = await addPricing(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toPricingItem(pricing) });
    },
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Replace a pricing band (admin)',
        description: `${bodyNote} Fields left empty are cleared.`,
        security: adminSecurity,
        params: IdParams,
        body: PricingBody,
        response: { 200: mutationResponse(PricingItem), ...adminErrors },
      },
    },
    async (request) => {
      const pricing = await editPricing(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toPricingItem(pricing) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags: ['pricing'],
        summary: 'Delete a pricing band (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const deleted = await removePricing(app.db, request.params.id);
      return { message: request.t('deleted'), data: deleted };
    },
  );
};

export default pricingRoutes;
