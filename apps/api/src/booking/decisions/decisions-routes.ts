import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import { optionalText } from '@vtc/shared/validation/form-fields';
import { adminErrors, adminSecurity, IdParams } from '../../platform/lib/api-schemas.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import type { PlacesProvider } from '../../catalogue/places/places-provider.ts';
import { completeBooking, decideBooking, getBookingDetails, listBookings, recordCashDeposit } from './decisions-service.ts';
import { BookingDetails, BookingPage, BookingStatusResponse, PageQuery } from '@vtc/shared/booking/booking-responses';
import { BookingSearchFields, withOrderedDays } from '@vtc/shared/search/search-query';
import { ServiceType } from '@vtc/shared/booking/service-types';
import { toBookingDetails, toBookingListItem } from '../booking-mappers.ts';
import type { BookingsDeps } from '../booking-deps.ts';

const DecisionBody = z
  .object({
    token: optionalText(200).meta({ description: 'The token of the e-mailed link; an admin in the back office may omit it' }),
    reason: optionalText(500).meta({ description: 'Rejection reason, stored and e-mailed to the customer' }),
  })
  .nullish();

const decisionNote = [
  'Admins only (401 without a session, 403 for a customer). With `token` (from the company e-mail link) it must be this',
  'booking’s unused decision token: a wrong, used or expired one answers 404 token_invalid (the /booking page redirects).',
  'The token is shared by the accept and reject links and works once for either. Without `token` an admin decides from the',
  'back office. 409 invalid_transition unless the booking is pending. 404 booking_not_found. Accepting checks its car again',
  '(409 car_busy if another booking holds it then); rejecting frees the car at once.',
].join(' ');

/** The company's side of bookings (admin), mounted at /booking. */
const adminBookingsRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (app, { places }) => {
  app.addHook('onRequest', app.requireAdmin);
  const deps = (): BookingsDeps => ({ db: app.db, config: app.config, places, caches: app.caches, log: app.log });

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Bookings, newest first, by pages (admin)',
        description: [
          'Keyset paging on (created_at, id): pass `nextCursor` as `after`. `status` filters on one status, `serviceType` on one',
          'service (transfer, hourly, daily, tour); each row says its serviceType.',
          '`q` (trimmed, 100 characters at most, else 400 search_too_long) finds bookings whose step-three contact or account',
          'holds every word in its name, e-mail or phone, case and accents ignored (`dupont` finds "Marc Dupont", `helene` finds "Hélène");',
          '`%`, `_`, `\\` and quotes are literal. Digits alone or with spaces, dots, dashes or a leading + are a phone number in any',
          'format ("06 12 34 56 78", "+33 6 12 34 56 78" and "0612345678" all find +33612345678); fewer than 6 digits, or "#123",',
          'are a booking number. `from` and `to` (YYYY-MM-DD) keep pickups on those Paris days, both included; `to` before `from` is',
          '400 date_range_invalid. See docs/decisions/0071.',
        ].join(' '),
        security: adminSecurity,
        querystring: withOrderedDays(PageQuery.extend({ status: BookingStatus.optional(), serviceType: ServiceType.optional(), ...BookingSearchFields.shape })),
        response: { 200: BookingPage, ...adminErrors },
      },
    },
    async (request) => {
      const { page, nextCursor } = await listBookings(deps(), request.query);
      return { data: page.map((row) => toBookingListItem(row)), nextCursor };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'One booking with its stops, account, car, status history and payments (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: z.object({ data: BookingDetails }), ...adminErrors },
      },
    },
    async (request) => ({ data: toBookingDetails(await getBookingDetails(deps(), request.params.id)) }),
  );

  app.put(
    '/accept/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Accept a pending booking and e-mail the customer the deposit link (admin)',
        description: decisionNote,
        security: adminSecurity,
        params: IdParams,
        body: DecisionBody,
        response: { 200: BookingStatusResponse, ...adminErrors },
      },
    },
    async (request) => {
      const booking = await decideBooking(deps(), requireAuth(request), request.params.id, { status: 'accepted', token: request.body?.token });
      return { message: request.t('booking_accepted'), data: { id: booking.id, status: booking.status } };
    },
  );

  app.put(
    '/reject/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Reject a pending booking, with an optional reason e-mailed to the customer (admin)',
        description: decisionNote,
        security: adminSecurity,
        params: IdParams,
        body: DecisionBody,
        response: { 200: BookingStatusResponse, ...adminErrors },
      },
    },
    async (request) => {
      const booking = await decideBooking(deps(), requireAuth(request), request.params.id, {
        status: 'rejected',
        token: request.body?.token,
        reason: request.body?.reason,
      });
      return { message: request.t('booking_rejected'), data: { id: booking.id, status: booking.status } };
    },
  );

  app.put(
    '/deposit-received/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Record a cash deposit as received: accepted → paid (admin)',
        description: [
          'Admins only (401 without a session, 403 for a customer). For an accepted booking whose payment method is cash',
          '(decision 0021): the booking becomes paid (history actor admin), its pending cash payment is marked succeeded and the',
          'customer and the company get the "deposit paid" mails, as after a card payment. 409 invalid_transition for any other',
          'status or a card booking. 404 booking_not_found.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        response: { 200: BookingStatusResponse, ...adminErrors },
      },
    },
    async (request) => {
      const booking = await recordCashDeposit(deps(), requireAuth(request), request.params.id);
      return { message: request.t('deposit_paid'), data: { id: booking.id, status: booking.status } };
    },
  );

  app.put(
    '/complete/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Mark a paid booking as completed after the ride (admin)',
        description: '409 invalid_transition unless the booking is paid.',
        security: adminSecurity,
        params: IdParams,
        response: { 200: BookingStatusResponse, ...adminErrors },
      },
    },
    async (request) => {
      const booking = await completeBooking(deps(), requireAuth(request), request.params.id);
      return { message: request.t('booking_completed'), data: { id: booking.id, status: booking.status } };
    },
  );
};

export default adminBookingsRoutes;
