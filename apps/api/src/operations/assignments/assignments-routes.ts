import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssignResponse } from '@vtc/shared/missions/mission-responses';
import { AssignBody } from '@vtc/shared/missions/mission-schemas';
import { adminErrors, adminSecurity, IdParams } from '../../platform/lib/api-schemas.ts';
import { assignBooking } from './assignments-service.ts';

/** Assignment of a chauffeur and a car (admin), mounted at /booking beside the company's other booking calls. */
const assignmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.put(
    '/assign/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Assign a chauffeur and a car to an accepted or paid booking (admin)',
        description: [
          'Admins only (401 / 403). 404 booking_not_found, car_not_exist or driver_not_found; 409 invalid_transition unless the',
          'booking is accepted or paid; 409 driver_inactive; 409 driver_busy when another trip of this chauffeur overlaps this',
          'one (pickup to pickup + duration + buffer, and the return); 409 car_not_allowed when the car cannot take the party;',
          '409 car_busy when another booking holds the car then. The chauffeur is e-mailed a new mission link (older links stop',
          'working) and the customer "your chauffeur" in the booking’s language. The same chauffeur and car again changes nothing.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        body: AssignBody,
        response: { 200: AssignResponse, ...adminErrors },
      },
    },
    async (request) => {
      const booking = await assignBooking({ db: app.db, config: app.config }, request.params.id, request.body);
      return {
        message: request.t('driver_assigned'),
        data: { id: booking.id, status: booking.status, driverId: booking.driverId ?? request.body.driverId, carId: booking.carId ?? request.body.carId },
      };
    },
  );
};

export default assignmentsRoutes;
