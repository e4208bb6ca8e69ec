import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CalendarQuery, CalendarResponse, MAX_CALENDAR_DAYS } from '@vtc/shared/planning/planning-schemas';
import { adminErrors, adminSecurity } from '../../platform/lib/api-schemas.ts';
import { calendarRange, getCalendar } from './planning-service.ts';

/** The dispatch calendar (admin), mounted at /booking beside the bookings it shows. */
const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/calendar',
    {
      schema: {
        tags: ['planning'],
        summary: 'The trips of a period, one entry per leg, for the planning (admin)',
        description: [
          'Legs of pending, accepted, paid and completed bookings overlapping [from, to): each from its pickup to the end of its',
          'hold on the car (pickup + trip + buffer, decision 0070; estimated for a completed trip, whose hold was released).',
          `Cancelled and rejected bookings are not shown. 400 invalid_date for a bound that is not a date, 400`,
          `calendar_range_invalid unless from < to, 400 calendar_range_too_long beyond ${MAX_CALENDAR_DAYS} days.`,
        ].join(' '),
        security: adminSecurity,
        querystring: CalendarQuery,
        response: { 200: CalendarResponse, ...adminErrors },
      },
    },
    async (request) => {
      const { from, to } = calendarRange(request.query);
      return { from: from.toISOString(), to: to.toISOString(), data: await getCalendar(app.db, app.config, from, to) };
    },
  );
};

export default planningRoutes;
