import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CarBody, CarVisibilityBody } from '@vtc/shared/cars/car-schemas';
import { MAX_IMAGE_BYTES } from '@vtc/shared/cars/car-image';
import { adminErrors, adminSecurity, DeletedItem, ErrorResponse, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import imageUploadsPlugin, { imageUploadField } from '../../platform/http/uploads.ts';
import { CarItem, CarVisibilityResponse } from '@vtc/shared/cars/car-responses';
import { toCarItem, toUpcomingCarBooking } from './car-mappers.ts';
import { addCar, editCar, getCars, removeCar, setCarVisibility, type CarsDeps } from './cars-service.ts';

const uploadErrors = { ...adminErrors, 413: ErrorResponse };
const formNote =
  'multipart/form-data with text fields name, number, model, seats, packages and the file `img` (JPEG, PNG or WebP, checked by content, 5 MB at most: 413 image_too_large).';

/** The fleet (admin). Deleting a car also deletes its pricing bands and price-list prices; hiding it keeps them. */
const carsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(imageUploadsPlugin, { maxFileBytes: MAX_IMAGE_BYTES });
  app.addHook('onRequest', app.requireAdmin);
  const deps = (): CarsDeps => ({ db: app.db, log: app.log });

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['cars'],
        summary: 'All cars, in creation order (admin)',
        security: adminSecurity,
        response: { 200: listResponse(CarItem), ...adminErrors },
      },
    },
    async () => ({ data: (await getCars(deps())).map(toCarItem) }),
  );

  app.post(
    '/add',
    {
      schema: {
        tags: ['cars'],
        summary: 'Add a car with its image (admin)',
        description: `${formNote} The image is required.`,
        security: adminSecurity,
        consumes: ['multipart/form-data'],
        body: CarBody.extend({ img: imageUploadField() }),
        response: { 201: mutationResponse(CarItem), ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { img, ...body } = request.body;
      const car = await addCar(deps(), body, img);
      return reply.status(201).send({ message: request.t('created'), data: toCarItem(car) });
    },
  );

  app.put(
    '/update/:id',
    {
      schema: {
        tags: ['cars'],
        summary: 'Edit a car; a new image replaces the old one (admin)',
        description: `${formNote} The image is optional; without it the current one stays.`,
        security: adminSecurity,
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: CarBody.extend({ img: imageUploadField().optional() }),
        response: { 200: mutationResponse(CarItem), ...uploadErrors },
      },
    },
    async (request) => {
      const { img, ...body } = request.body;
      const car = await editCar(deps(), request.params.id, body, img);
      return { message: request.t('updated'), data: toCarItem(car) };
    },
  );

  app.put(
    '/visibility/:id',
    {
      schema: {
        tags: ['cars'],
        summary: 'Hide a car from customers, or offer it again; its prices stay (admin)',
        description: [
          'body { hidden: boolean }. A hidden car leaves step two, the public price list and its columns, and keeps its prices.',
          'Hiding a car that has trips to come (pending, accepted or paid, outward or return pickup ahead) is allowed:',
          'upcomingBookings lists them and message says they remain to be driven or reassigned.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        body: CarVisibilityBody,
        response: { 200: CarVisibilityResponse, ...adminErrors },
      },
    },
    async (request) => {
      const { car, upcoming } = await setCarVisibility(deps(), request.params.id, request.body.hidden);
      const message = !car.hidden ? request.t('car_shown') : upcoming.length > 0 ? request.t('car_hidden_upcoming', { count: upcoming.length }) : request.t('car_hidden');
      return { message, data: toCarItem(car), upcomingBookings: upcoming.map(toUpcomingCarBooking) };
    },
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags: ['cars'],
        summary: 'Delete a car, its prices and its image (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => {
      const car = await removeCar(deps(), request.params.id);
      return { message: request.t('deleted'), data: { id: car.id } };
    },
  );
};

export default carsRoutes;
