import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardResponse } from '@vtc/shared/dashboard/dashboard-responses';
import { adminErrors, adminSecurity } from '../../platform/lib/api-schemas.ts';
import { getDashboard } from './dashboard-service.ts';

/** The back office's first page (admin), mounted at /dashboard. */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Bookings waiting, today’s and tomorrow’s trips, trips without a chauffeur, month figures, bookings per week (admin)',
        description: [
          'Days, months and weeks (Monday to Sunday) on Paris clocks. A booking counts once sent (not draft nor car_selected),',
          'in the month and week of its creation; revenue is the sum of the stored totals of the accepted, paid and completed',
          'bookings created in the month (decision 0085). Unassigned: accepted or paid trips still to come without a chauffeur.',
        ].join(' '),
        security: adminSecurity,
        response: { 200: DashboardResponse, ...adminErrors },
      },
    },
    async () => ({ data: await getDashboard(app.db, app.config, new Date()) }),
  );
};

export default dashboardRoutes;
