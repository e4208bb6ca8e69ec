import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DriverItem } from '@vtc/shared/drivers/driver-responses';
import { DriverBody } from '@vtc/shared/drivers/driver-schemas';
import { adminErrors, adminSecurity, DeletedItem, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import { toDriverItem } from './driver-mappers.ts';
import { addDriver, editDriver, getDrivers, removeDriver } from './drivers-service.ts';

const bodyNote =
  'Phone in international form (stored without separators); languages among fr, en, ar, it, es, de, ru, zh; `active` defaults to true.';

/** Chauffeurs (admin): records, not accounts (decisions §9). */
const driversRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['drivers'],
        summary: 'All chauffeurs, inactive ones included, by name (admin)',
        security: adminSecurity,
        response: { 200: listResponse(DriverItem), ...adminErrors },
      },
    },
    async () => ({ data: (await getDrivers(app.db)).map(toDriverItem) }),
  );

  app.post(
    '/add',
    {
      schema: {
        tags: ['drivers'],
        summary: 'Add a chauffeur (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: DriverBody,
        response: { 201: mutationResponse(DriverItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const driver = await addDriver(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toDriverItem(driver) });
    },
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags: ['drivers'],
        summary: 'Edit a chauffeur, or make them inactive (admin)',
        description: bodyNote,
        security: adminSecurity,
        params: IdParams,
        body: DriverBody,
        response: { 200: mutationResponse(DriverItem), ...adminErrors },
      },
    },
    async (request) => {
      const driver = await editDriver(app.db, request.params.id, request.body);
      return { message: request.t('updated'), data: toDriverItem(driver) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags: ['drivers'],
        summary: 'Delete a chauffeur (admin)',
        description: 'Refused with 409 driver_has_trips while a pending, accepted or paid booking with this chauffeur picks up in the future.',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const driver = await removeDriver(app.db, request.params.id);
      return { message: request.t('deleted'), data: { id: driver.id } };
    },
  );
};

export default driversRoutes;
