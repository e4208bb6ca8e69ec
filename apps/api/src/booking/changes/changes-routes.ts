import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookingChangesResponse, ChangeBookingResponse } from '@vtc/shared/booking/booking-change-responses';
import { AcceptChangeRequestBody, ChangeBookingBody, CompanyChangeBookingBody, RefuseChangeRequestBody } from '@vtc/shared/booking/booking-change-schemas';
import { adminErrors, adminSecurity, ErrorResponse, IdParams } from '../../platform/lib/api-schemas.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import type { PlacesProvider } from '../../catalogue/places/places-provider.ts';
import { accessOf } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import type { AppliedChange } from './apply-change.ts';
import { acceptChangeRequest, refuseChangeRequest } from './answer-change-request.ts';
import { changeBooking } from './change-booking.ts';
import { toChangeItem } from './changes-repository.ts';
import { listBookingChanges } from './list-changes.ts';
import { requestChange } from './request-change.ts';

/** The body as it is kept with a change: JSON (instants as ISO text, nothing undefined). */
const asStored = (body: ChangeBookingBody): Record<string, unknown> => JSON.parse(JSON.stringify(body)) as Record<string, unknown>;

function answerOf(result: AppliedChange | { booking: AppliedChange['booking']; change: AppliedChange['change']; voucherVersion: number | null }, outcome: 'applied' | 'unchanged' | 'requested' | 'refused') {
  return {
    id: result.booking.id,
    status: result.booking.status,
    outcome,
    change: result.change ? toChangeItem(result.change) : null,
    calendar_sequence: result.booking.calendarSequence,
    voucher_version: result.voucherVersion,
    total_cents: result.booking.totalCents,
    deposit_cents: result.booking.depositCents,
    checkout_url: 'checkoutUrl' in result ? (result.checkoutUrl ?? null) : null,
  };
}

const changeNote = [
  'Every field is optional: a missing one stays as it is, a blank or null detail is cleared. `date` / `returnDate` are',
  'datetime-local texts on Paris clocks. A new time must keep the 2-hour lead time (400 time_not_valid on `date`). The trip',
  'is priced again by the shared rule when its time, places, party, return or car move; `priceCents` sets a manual price and',
  'needs `priceReason`. The car must take the party (409 car_not_allowed) and be free (409 car_busy), the assigned chauffeur',
  'too (409 driver_busy). Accepted or paid: a new voucher version. The calendar files keep their UID with SEQUENCE + 1; the',
  'customer (and the chauffeur) are mailed what changed. A higher deposit is asked through a new deposit link (`checkout_url`,',
  'mailed to the customer: the whole deposit before payment, the difference once paid; card, PayPal or cash to the chauffeur,',
  'decision 0152); a lower one gives back what a card or PayPal deposit holds beyond 20 % of the new price.',
  '409 invalid_transition for a booking that is not pending, accepted or paid, or whose pickup has passed. Once a round',
  'trip’s outbound is picked up, its return (returnDate and the return details, with the message and the price) may still',
  'change until its own pickup; any other field answers 409 return_only. See decisions 0120 and 0171.',
].join(' ');

/** The company's side of changes (admin), mounted at /booking. */
export const adminChangesRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (app, { places }) => {
  app.addHook('onRequest', app.requireAdmin);
  const deps = (): BookingsDeps => ({ db: app.db, config: app.config, places, caches: app.caches, log: app.log });

  app.put(
    '/update/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Change a pending, accepted or paid booking (admin)',
        description: `Admins only. \`reason\` is required (400 required): every change the company makes states why, kept in the history. ${changeNote}`,
        security: adminSecurity,
        params: IdParams,
        body: CompanyChangeBookingBody,
        response: { 200: ChangeBookingResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await changeBooking(deps(), requireAuth(request), request.params.id, asStored(request.body), request.body);
      return { message: request.t(result.change ? 'booking_changed' : 'booking_unchanged'), data: answerOf(result, result.change ? 'applied' : 'unchanged') };
    },
  );

  app.get(
    '/changes/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'A booking’s changes and its customer’s requests, newest first (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: BookingChangesResponse, ...adminErrors },
      },
    },
    async (request) => ({ data: await listBookingChanges(app, request.params.id, { userId: 0, isAdmin: true }) }),
  );

  app.put(
    '/change-request/accept/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Accept the customer’s waiting change request, optionally onto another car or at a manual price (admin)',
        description: `Admins only. 404 change_request_not_found when none waits. The change is applied as PUT /booking/update would. ${changeNote}`,
        security: adminSecurity,
        params: IdParams,
        body: AcceptChangeRequestBody,
        response: { 200: ChangeBookingResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await acceptChangeRequest(deps(), requireAuth(request), request.params.id, request.body);
      return { message: request.t('change_request_accepted'), data: answerOf(result, 'applied') };
    },
  );

  app.put(
    '/change-request/refuse/:id',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Refuse the customer’s waiting change request, with a reason mailed to them (admin)',
        description: 'Admins only. 404 change_request_not_found when none waits. The booking does not change.',
        security: adminSecurity,
        params: IdParams,
        body: RefuseChangeRequestBody,
        response: { 200: ChangeBookingResponse, ...adminErrors },
      },
    },
    async (request) => {
      const result = await refuseChangeRequest(deps(), requireAuth(request), request.params.id, request.body);
      return { message: request.t('change_request_refused'), data: answerOf({ ...result, voucherVersion: null }, 'refused') };
    },
  );
};

const customerErrors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse } as const;

/** The customer's side of changes, mounted at /user/booking. */
export const customerChangesRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (app, { places }) => {
  app.addHook('preHandler', app.authenticate);
  const deps = (): BookingsDeps => ({ db: app.db, config: app.config, places, caches: app.caches, log: app.log });

  app.put(
    '/change/:id',
    {
      schema: {
        tags: ['booking'],
        summary: 'Change one’s own booking, or ask the company to (owner)',
        description: [
          'The owner only (another user’s booking answers 404). Same body as PUT /booking/update/{id}, without its `reason`. More than 48 hours before',
          'pickup: date, origin, destination, stop, passengers, packages, the pickup details, flight or train numbers, message,',
          'and the return (returnRent, returnDate; decision 0178); within 48 hours only',
          'flightNumber, trainNumber, returnFlightNumber, returnTrainNumber and message (409 change_too_late). Any other field',
          'is 400 change_not_allowed. A change that moves the price, needs another car or meets the chauffeur’s other trip is',
          'kept as a request (outcome `requested`) the company accepts or refuses, both mailed; 409 change_request_pending while',
          'one waits. Any other change is applied at once (outcome `applied`).',
        ].join(' '),
        security: [{ bearerAuth: [] }],
        params: IdParams,
        body: ChangeBookingBody,
        response: { 200: ChangeBookingResponse, ...customerErrors },
      },
    },
    async (request) => {
      const result = await requestChange(deps(), requireAuth(request), request.params.id, asStored(request.body), request.body);
      const message = result.outcome === 'requested' ? 'change_requested' : result.outcome === 'applied' ? 'change_applied' : 'booking_unchanged';
      return { message: request.t(message), data: answerOf(result, result.outcome) };
    },
  );

  app.get(
    '/change/:id',
    {
      schema: {
        tags: ['booking'],
        summary: 'What the owner may change now, and the booking’s changes and requests (owner)',
        security: [{ bearerAuth: [] }],
        params: IdParams,
        response: { 200: BookingChangesResponse, ...customerErrors },
      },
    },
    async (request) => ({ data: await listBookingChanges(app, request.params.id, accessOf(requireAuth(request))) }),
  );
};
