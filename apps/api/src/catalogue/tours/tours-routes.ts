import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '@vtc/shared/cars/car-image';
import { TourItem } from '@vtc/shared/tours/tour-responses';
import { TourBody } from '@vtc/shared/tours/tour-schemas';
import { booleanField } from '@vtc/shared/validation/form-fields';
import imageUploadsPlugin, { imageUploadField } from '../../platform/http/uploads.ts';
import { adminErrors, adminSecurity, DeletedItem, ErrorResponse, IdParams, listResponse, mutationResponse, publicErrors } from '../../platform/lib/api-schemas.ts';
import { addTour, editTour, getTour, getTours, removeTour, type ToursDeps } from './tours-service.ts';

const uploadErrors = { ...adminErrors, 413: ErrorResponse };
const formNote = [
  'multipart/form-data with text fields nameFr, nameEn, nameAr, descriptionFr, descriptionEn, descriptionAr, durationHours (1-24), hidden,',
  'departures and visits (JSON text: [{ name, lat, lon }], at least one each), prices (JSON text: [{ carId, seasonId, price }], euros, one per car and season),',
  'and the optional file `img` (JPEG, PNG or WebP, 5 MB at most).',
].join(' ');
const AllQuery = z.object({ all: booleanField().meta({ description: 'Hidden tours too (admin only)' }) });

/** Tours sold at a fixed price per car and season (issue 22): read by anyone, written by the admin. */
const toursRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(imageUploadsPlugin, { maxFileBytes: MAX_IMAGE_BYTES });
  const deps = (): ToursDeps => ({ db: app.db, log: app.log });
  // Hidden tours are the admin's: asking for them needs an admin session.
  const adminWhenAll = async (request: FastifyRequest, reply: FastifyReply, all: boolean | undefined) => {
    if (all) await app.requireAdmin.call(app, request, reply);
  };

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['tours'],
        summary: 'The tours on sale, with each visible car’s price in the current season',
        description: 'Public. `?all=true` (admin) adds the hidden tours.',
        querystring: AllQuery,
        response: { 200: listResponse(TourItem), 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      await adminWhenAll(request, reply, request.query.all);
      return { data: await getTours(app.db, { includeHidden: request.query.all }) };
    },
  );

  app.get(
    '/get/:id',
    {
      schema: {
        tags: ['tours'],
        summary: 'One tour on sale, with each visible car’s price in the current season',
        description: 'Public; a hidden tour is 404 unless an admin asks with `?all=true`.',
        params: IdParams,
        querystring: AllQuery,
        response: { 200: z.object({ data: TourItem }), ...publicErrors, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request, reply) => {
      await adminWhenAll(request, reply, request.query.all);
      return { data: await getTour(app.db, request.params.id, request.query.all) };
    },
  );

  app.post(
    '/add',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tours'],
        summary: 'Add a tour with its prices and photo (admin)',
        description: formNote,
        security: adminSecurity,
        consumes: ['multipart/form-data'],
        body: TourBody.extend({ img: imageUploadField().optional() }),
        response: { 201: mutationResponse(TourItem), ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { img, ...body } = request.body;
      const tour = await addTour(deps(), body, img);
      return reply.status(201).send({ message: request.t('created'), data: tour });
    },
  );

  app.put(
    '/update/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tours'],
        summary: 'Replace a tour’s texts, places and prices; a new photo replaces the old one (admin)',
        description: formNote,
        security: adminSecurity,
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: TourBody.extend({ img: imageUploadField().optional() }),
        response: { 200: mutationResponse(TourItem), ...uploadErrors },
      },
    },
    async (request) => {
      const { img, ...body } = request.body;
      const tour = await editTour(deps(), request.params.id, body, img);
      return { message: request.t('updated'), data: tour };
    },
  );

  app.delete(
    '/delete/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tours'],
        summary: 'Delete a tour with its prices (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => ({ message: request.t('deleted'), data: await removeTour(deps(), request.params.id) }),
  );
};

export default toursRoutes;
