import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UpdateBookingInfoBody } from '@vtc/shared/booking/booking-info-schemas';
import { CreateBookingResponse, makeCreateBookingBody, UpdateCarBody } from '@vtc/shared/booking/booking-schemas';
import { hireLimits } from '../../config.ts';
import { idField } from '@vtc/shared/validation/form-fields';
import { ErrorResponse, IdParams } from '../../platform/lib/api-schemas.ts';
import { fieldError } from '../../platform/lib/app-error.ts';
import { sendJson } from '../../platform/lib/json-reply.ts';
import { accountAndAddressLimit, visitorAddressLimit } from '../../platform/lib/rate-limits.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { createPaymentProviders } from '../payments/payment-providers.ts';
import type { PlacesProvider } from '../../catalogue/places/places-provider.ts';
import {
  BookingPage,
  BookingSummary,
  CancelBookingResponse,
  CustomerBookingDetailsResponse,
  PageQuery,
  StepThreeResponse,
  StepTwoResponse,
} from '@vtc/shared/booking/booking-responses';
import { toBookingListItem, toBookingSummary, toCustomerBookingDetails } from '../booking-mappers.ts';
import type { FunnelCaller } from '../booking-access.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { cancelBooking } from './cancel-booking.ts';
import { claimBooking } from './claim-booking.ts';
import { updateBookingInfo } from './confirm-booking.ts';
import { createBooking } from './create-booking.ts';
import { getStepTwoJson } from './offer-cars.ts';
import { getOwnBookingDetails, listOwnBookings } from './own-bookings.ts';
import { selectCar } from './select-car.ts';
import { getStepThree } from './step-three.ts';

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse } as const;
const limitNote = 'Limited per account and per client address (429 too_many_requests).';
const BookingParams = z.object({ bookingId: idField() });
const ownerNote = 'The owner or an admin only: another user’s booking answers 404 booking_not_found.';
const quoteNote = [
  'The owner or an admin, or without an account the visitor whose quote this is: header X-Quote-Token with the quoteToken',
  'step one answered, until an account claims the quote (decision 0092). No token, a wrong token or another booking’s token',
  'answers 404 booking_not_found and changes nothing.',
].join(' ');
const quoteSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { quoteToken: [] }];
/** A visitor's quote token (decision 0092): 43 base64url characters; anything else simply matches no booking. */
const QuoteHeaders = z.object({ 'x-quote-token': z.string().max(200).optional() });
function callerOf(request: FastifyRequest): FunnelCaller {
  const quoteToken = request.headers['x-quote-token'];
  return { auth: request.auth, quoteToken: typeof quoteToken === 'string' && quoteToken !== '' ? quoteToken : undefined };
}

/**
 * The booking funnel (spec section 4), mounted at /user/booking: steps one and two open to
 * visitors (a quote), confirming and the customer's own pages to signed-in users only.
 */
const bookingsRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (app, { places }) => {
  // Every route reads the session when there is one; requireAuth refuses the ones that need it (401).
  app.addHook('preHandler', app.optionalAuth);
  const providers = createPaymentProviders(app.config);
  const deps = (): BookingsDeps => ({ db: app.db, config: app.config, places, caches: app.caches, log: app.log, providers });
  const bookingLimit = {
    accountMax: app.config.BOOKING_RATE_LIMIT_ACCOUNT_MAX,
    addressMax: app.config.BOOKING_RATE_LIMIT_ADDRESS_MAX,
    timeWindow: app.config.BOOKING_RATE_LIMIT_WINDOW,
  };
  // Step one with this installation's hire limits (HIRE_* settings).
  const CreateBookingBody = makeCreateBookingBody({ hireLimits: hireLimits(app.config) });
  const createLimit = accountAndAddressLimit(app, 'booking-create', bookingLimit);
  const confirmLimit = accountAndAddressLimit(app, 'booking-confirm', bookingLimit);
  const limitVisitor = visitorAddressLimit(app, 'booking-create', {
    max: app.config.QUOTE_RATE_LIMIT_ADDRESS_MAX,
    timeWindow: app.config.BOOKING_RATE_LIMIT_WINDOW,
  });

  app.post(
    '/add',
    {
      config: { rateLimit: createLimit.rateLimit },
      preHandler: [createLimit.limitAccount, limitVisitor],
      schema: {
        tags: ['booking'],
        summary: 'Step one: create a draft booking, or a visitor’s quote',
        description: [
          'Open to visitors (decision 0092): without an account the draft is a quote, and the answer carries `quoteToken`, a random',
          'secret (256 bits, stored hashed) that alone opens steps two and three (header X-Quote-Token) until an account claims it',
          '(POST /claim/{bookingId}); a quote nobody claims is deleted after QUOTE_RETENTION_DAYS days. Visitors are also limited per',
          'client address (QUOTE_RATE_LIMIT_ADDRESS_MAX). A signed-in user’s draft is theirs at once and has no quoteToken.',
          'passengers and packages may be JSON text (the spec client) or objects; a place may be text or {title, type, lat, lon, placeId}',
          '(placeId from /api/places/suggest or /api/places/fixed). The route distance (origin, stops in order, destination) is computed',
          'by the server. Refusals are 400 validation_failed with one entry per field in `errors` (the form shows the first):',
          'date → time_not_valid (pickup less than 2 hours ahead, judged on Paris clocks) or invalid_date; stop → stops_max (more than 5);',
          'origin / destination / stop.N → place_unknown (not in the fixed list, or an address without coordinates the gazetteer cannot place).',
          'A hire (issue 22): serviceType hourly with hours (HIRE_MIN_HOURS to HIRE_MAX_HOURS in steps of HIRE_STEP_MINUTES: hours_required,',
          'hours_out_of_range, hours_step), daily with days (1 to HIRE_MAX_DAYS: days_required, days_out_of_range; both: hours_and_days), or',
          'tour with tourId (tour_required; tour_not_found when unknown or hidden; origin → tour_departure_unknown unless the pickup is one of',
          'its departures, by name or within 5 km); optional programme; destination (the drop-off) optional: without it the hire ends where it',
          'started. Stops and europe are refused for a hire (invalid_value). Step two then prices each car by its hire rate or the tour’s price.',
          'On success 201 {isBooked: true, bookingId, quoteToken?}; isBooked false is not used.',
          limitNote,
        ].join(' '),
        security: [{ bearerAuth: [] }, {}],
        body: CreateBookingBody,
        response: { 201: CreateBookingResponse, ...errors, 429: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { booking, quoteToken } = await createBooking(deps(), request.auth, request.body, request.lang);
      return reply.status(201).send({ isBooked: true, bookingId: booking.id, ...(quoteToken ? { quoteToken } : {}) });
    },
  );

  app.get(
    '/step-two/:bookingId',
    {
      schema: {
        tags: ['booking'],
        summary: 'Step two: the booking summary and every car priced for it',
        description: `${quoteNote} A car that cannot take the party (car_not_allowed) or is held by another booking then (car_busy) has allowed: false and a reason. A car with no price for the date and distance is left out for a customer and shown to an admin with its reason (no_season, no_pricing_band). When no car can be chosen, contact.offered is true: the page offers a call or a WhatsApp message (decision 0100).`,
        security: quoteSecurity,
        headers: QuoteHeaders,
        params: BookingParams,
        response: { 200: StepTwoResponse, ...errors },
      },
    },
    async (request, reply) => sendJson(reply, await getStepTwoJson(deps(), callerOf(request), request.params.bookingId)),
  );

  app.put(
    '/update-car/:bookingId/:carId',
    {
      schema: {
        tags: ['booking'],
        summary: 'Step two: choose a car (draft → car_selected, or change the car while car_selected)',
        description: [
          quoteNote,
          'The body repeats the path ids (400 invalid_value if they differ). The price is computed by the server and stored.',
          '404 car_not_exist (unknown car), 400 car_not_allowed (party or luggage too large), 409 no_season / no_pricing_band',
          '(no price for this trip), 409 car_busy (another booking holds the car then), 409 invalid_transition (booking already confirmed).',
        ].join(' '),
        security: quoteSecurity,
        headers: QuoteHeaders,
        params: z.object({ bookingId: idField(), carId: idField() }),
        body: UpdateCarBody,
        response: { 200: z.object({ message: z.string(), data: BookingSummary }), ...errors },
      },
    },
    async (request) => {
      const { bookingId, carId } = request.params;
      if (request.body.bookingId !== bookingId) throw fieldError('bookingId', 'invalid_value');
      if (request.body.carId !== carId) throw fieldError('carId', 'invalid_value');
      const booking = await selectCar(deps(), callerOf(request), bookingId, carId);
      return { message: request.t('car_selected'), data: toBookingSummary(booking, await app.caches.catalogue()) };
    },
  );

  app.get(
    '/step-three/:bookingId',
    {
      schema: {
        tags: ['booking'],
        summary: 'Step three: the booking with its car, one-way and round-trip prices, and form defaults',
        description: `${quoteNote} 409 invalid_transition when no car is chosen yet or the booking is already confirmed (pending and later).`,
        security: quoteSecurity,
        headers: QuoteHeaders,
        params: BookingParams,
        response: { 200: StepThreeResponse, ...errors },
      },
    },
    async (request) => getStepThree(deps(), callerOf(request), request.params.bookingId),
  );

  app.post(
    '/claim/:bookingId',
    {
      schema: {
        tags: ['booking'],
        summary: 'A visitor’s quote becomes the signed-in account’s (before step three is confirmed)',
        description: [
          'Signed-in users only (401). Header X-Quote-Token: the quoteToken of step one. The quote (draft or car_selected) becomes',
          'the account’s, and the token stops working (decision 0092). Claiming one’s own booking again answers it unchanged; a',
          'wrong token, another booking’s token, or a quote already claimed by another account answers 404 booking_not_found and',
          'changes nothing.',
        ].join(' '),
        security,
        headers: z.object({ 'x-quote-token': z.string().min(1).max(200) }),
        params: BookingParams,
        response: { 200: z.object({ data: BookingSummary }), ...errors },
      },
    },
    async (request) => {
      // No message: the page says "signed in" or "account created", once (decision 0092).
      const booking = await claimBooking(deps(), requireAuth(request), request.params.bookingId, request.headers['x-quote-token']);
      return { data: toBookingSummary(booking, await app.caches.catalogue()) };
    },
  );

  app.put(
    '/update-booking-info/:bookingId',
    {
      config: { rateLimit: confirmLimit.rateLimit },
      preHandler: confirmLimit.limitAccount,
      schema: {
        tags: ['booking'],
        summary: 'Step three: confirm once (car_selected → pending)',
        description: [
          ownerNote,
          'fullName, email, phone and method are required; with returnRent, date (datetime-local, Paris) must be after the pickup',
          '(return_date_invalid) and 2 hours ahead (time_not_valid). rentFromType/rentToType are ignored: the booking’s own stand.',
          'The price (return included) is computed again by the server. The first confirmation e-mails the company (accept/reject',
          'links, with the e-mail typed here, which is never mailed to) and the account’s own address (with an .ics); the',
          'latter waits in the outbox until that address is verified. It is sent once: a pending (or later) booking answers 409',
          'invalid_transition, so the price and details the company decides on cannot change behind it. The pickup must still be',
          '2 hours ahead (400 time_not_valid on date). The booking then holds its car (both legs); 409 car_busy when another',
          'booking holds it then.',
          limitNote,
        ].join(' '),
        security,
        params: BookingParams,
        body: UpdateBookingInfoBody,
        response: { 200: z.object({ message: z.string(), data: BookingSummary }), ...errors, 429: ErrorResponse },
      },
    },
    async (request) => {
      const booking = await updateBookingInfo(deps(), requireAuth(request), request.params.bookingId, request.body);
      return { message: request.t('booking_sent'), data: toBookingSummary(booking, await app.caches.catalogue()) };
    },
  );

  app.put(
    '/cancel/:id',
    {
      schema: {
        tags: ['booking'],
        summary: 'Cancel a booking (any state before completed that has not ended)',
        description: [
          ownerNote,
          'Free more than 48 hours before pickup; later, a paid deposit is kept (depositKept). 409 invalid_transition for a',
          'completed, rejected or cancelled booking. Mails the customer, and the company if it had been asked to decide.',
          'Open Stripe Checkout sessions of the booking are expired, so the deposit can no longer be paid.',
        ].join(' '),
        security,
        params: IdParams,
        response: {
          200: CancelBookingResponse,
          ...errors,
        },
      },
    },
    async (request) => {
      const result = await cancelBooking(deps(), requireAuth(request), request.params.id);
      return {
        message: request.t(result.depositKept ? 'booking_cancelled_deposit_kept' : 'booking_cancelled'),
        data: { id: result.booking.id, status: 'cancelled' as const, free: result.free, depositKept: result.depositKept, refunded: result.refunded },
      };
    },
  );

  app.get(
    '/details/:id',
    {
      schema: {
        tags: ['booking'],
        summary: 'One of the signed-in user’s bookings: details, history, payments, chauffeur and the cancellation terms now',
        description: `${ownerNote} Another user's booking answers 404.`,
        security,
        params: IdParams,
        response: { 200: CustomerBookingDetailsResponse, ...errors },
      },
    },
    async (request) => ({ data: toCustomerBookingDetails(await getOwnBookingDetails(deps(), requireAuth(request), request.params.id)) }),
  );

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['booking'],
        summary: 'The signed-in user’s own bookings, newest first, by pages',
        security,
        querystring: PageQuery,
        response: { 200: BookingPage, ...errors },
      },
    },
    async (request) => {
      const { page, nextCursor } = await listOwnBookings(deps(), requireAuth(request), request.query);
      return { data: page.map((row) => toBookingListItem(row, request.lang)), nextCursor };
    },
  );
};

export default bookingsRoutes;
