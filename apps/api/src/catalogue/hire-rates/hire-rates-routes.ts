import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HourlyRateBody } from '@vtc/shared/pricing/hire-rate-schemas';
import { HourlyRateItem } from '@vtc/shared/pricing/pricing-responses';
import { optionalIdField } from '@vtc/shared/validation/form-fields';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import { toHourlyRateItem } from './hire-rate-mappers.ts';
import { addHourlyRate, editHourlyRate, getHourlyRates, removeHourlyRate } from './hire-rates-service.ts';

const bodyNote = [
  'Amounts are EUR as typed (number or text, dot or comma, 2 decimals at most) and are stored as integer cents.',
  'A hire is billed pricePerHour x max(hours, minHours), with kmIncludedPerHour km per billed hour and pricePerExtraKm beyond;',
  'pricePerDay (whole euros, optional) caps a long hourly hire and prices a hire by the day.',
  'One rate per car and season: a second one is refused with 409 hire_rate_exists (field seasonId).',
  'Unknown car: 400 car_not_exist on carId; unknown season: 400 not_found on seasonId.',
].join(' ');

/** Hire with chauffeur by the hour or by the day: one rate per car and season (admin, issue 22). */
const hireRatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['hourlyRate'],
        summary: 'Hourly rates with their car and season, optionally of one car and/or one season (admin)',
        security: adminSecurity,
        querystring: z.object({
          car: optionalIdField().meta({ description: 'Car id' }),
          season: optionalIdField().meta({ description: 'Season id' }),
        }),
        response: { 200: listResponse(HourlyRateItem), ...adminErrors },
      },
    },
    async (request) => {
      const rows = await getHourlyRates(app.db, { carId: request.query.car, seasonId: request.query.season });
      return { data: rows.map(toHourlyRateItem) };
    },
  );

  app.post(
    '/add',
    {
      schema: {
        tags: ['hourlyRate'],
        summary: 'Add an hourly rate (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: HourlyRateBody,
        response: { 201: mutationResponse(HourlyRateItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const rate = await addHourlyRate(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toHourlyRateItem(rate) });
    },
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags: ['hourlyRate'],
        summary: 'Replace an hourly rate (admin)',
        description: `${bodyNote} A day rate left empty is cleared.`,
        security: adminSecurity,
        params: IdParams,
        body: HourlyRateBody,
        response: { 200: mutationResponse(HourlyRateItem), ...adminErrors },
      },
    },
    async (request) => {
      const rate = await editHourlyRate(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toHourlyRateItem(rate) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags: ['hourlyRate'],
        summary: 'Delete an hourly rate (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const deleted = await removeHourlyRate(app.db, request.params.id);
      return { message: request.t('deleted'), data: deleted };
    },
  );
};

export default hireRatesRoutes;
