import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CompanyBookingPage, type CompanyBookingItem } from '@vtc/shared/company/company-responses';
import { CompanyBookingsQuery } from '@vtc/shared/company/company-schemas';
import { requireMembership } from '../../accounts/companies/company-access.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import { ErrorResponse } from '../../platform/lib/api-schemas.ts';
import { listCompanyBookings, type CompanyBookingRow } from './company-bookings-repository.ts';

const toCompanyBookingItem = (row: CompanyBookingRow): CompanyBookingItem => ({
  id: row.id,
  status: row.status,
  pickupAt: row.pickupAt.toISOString(),
  origin: row.origin,
  destination: row.destination,
  booker: { userId: row.bookerId, fullName: row.bookerName },
  passengerName: row.passengerName,
  totalCents: row.totalCents,
  purchaseOrder: row.purchaseOrder,
  costCentre: row.costCentre,
  createdAt: row.createdAt.toISOString(),
});

/** The bookings members made for their company (decision 0134), under /api/company. */
const companyBookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'The bookings made for the signed-in member’s company, newest first, by pages',
        description: [
          'A company admin sees every booking of the company and may filter by `booker` (a user id); a booker sees their own',
          '(403 company_admin_only when naming another booker); `passenger` finds words of the guest’s name, `costCentre` one cost centre (decision 0141). 403 company_member_only for an account in no company. Pass the',
          'nextCursor of a page as `after` for the next one.',
        ].join(' '),
        security: [{ bearerAuth: [] }],
        querystring: CompanyBookingsQuery,
        response: { 200: CompanyBookingPage, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse },
      },
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const membership = await requireMembership(app.db, userId);
      const { booker, passenger, costCentre, after, limit } = request.query;
      if (membership.role !== 'admin' && booker !== undefined && booker !== userId) throw new AppError(403, 'company_admin_only');
      const rows = await listCompanyBookings(app.db, {
        companyId: membership.company.id,
        bookerId: membership.role === 'admin' ? booker : userId,
        passenger,
        costCentre,
        beforeId: after,
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      return { data: page.map(toCompanyBookingItem), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
    },
  );
};

export default companyBookingsRoutes;
