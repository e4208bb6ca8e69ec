import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CarOffer } from '@vtc/shared/booking/booking-responses';
import { makePhoneBookingBody, makePhoneTripBody, PhoneBookingCompany } from '@vtc/shared/booking/phone-booking-schemas';
import { hireLimits } from '../../config.ts';
import { adminErrors, adminSecurity, ErrorResponse } from '../../platform/lib/api-schemas.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import type { PlacesProvider } from '../../catalogue/places/places-provider.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { addPhoneBooking } from './add-phone-booking.ts';
import { pricePhoneTrip } from './price-phone-trip.ts';

const tripNote = [
  'The trip is step one’s body (POST /api/user/booking/add: places, stops, date, passengers, packages, europe; a hire or a',
  'tour with serviceType, hours, days, tourId, programme) plus `returnRent` and `returnDate` (the return’s datetime-local on',
  'Paris clocks: after the pickup, 2 hours ahead; a hire has no return: returnRent → invalid_value).',
].join(' ');

/** A booking the company takes by phone (issue 21, decision 0119), mounted at /booking beside its decisions. */
const backOfficeRoutes: FastifyPluginAsyncZod<{ places: PlacesProvider }> = async (app, { places }) => {
  app.addHook('onRequest', app.requireAdmin);
  const deps = (): BookingsDeps => ({ db: app.db, config: app.config, places, caches: app.caches, log: app.log });
  // The hire limits of this installation (HIRE_* settings).
  const PhoneTripBody = makePhoneTripBody({ hireLimits: hireLimits(app.config) });
  const PhoneBookingBody = makePhoneBookingBody({ hireLimits: hireLimits(app.config) });

  app.post(
    '/add/prices',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Every car priced for a trip taken by phone (admin); nothing is saved',
        description: [
          tripNote,
          'Each car as step two shows it to an admin: its total (return included when asked) and deposit, or allowed false with',
          'a reason (car_not_allowed, no_season, no_pricing_band, no_hire_rate, no_tour_price, car_busy when another booking holds',
          'it at either leg, or at any time of a hire). 400 tour_not_found on tourId, tour_departure_unknown on origin. With',
          '`userId` of a company member, the prices have the company’s discount off and `company` names it (null otherwise).',
        ].join(' '),
        security: adminSecurity,
        body: PhoneTripBody,
        response: { 200: z.object({ cars: z.array(CarOffer), company: PhoneBookingCompany.nullable() }), ...adminErrors, 503: ErrorResponse },
      },
    },
    async (request) => pricePhoneTrip(deps(), request.body),
  );

  app.post(
    '/add',
    {
      schema: {
        tags: ['bookings (admin)'],
        summary: 'Take a booking by phone: accepted at once, its car held, its voucher issued (admin)',
        description: [
          tripNote,
          'The customer: `userId` (an account found by GET /api/user/getAll?q=…; 404 customer_not_found otherwise), or `fullName`',
          'and `phone` (400 phone_invalid unless a real number) and optionally `email` of a new account (409 email_taken when one',
          'has that e-mail). A new account has no password anyone knows and nothing is mailed to its address until its owner',
          'verifies it (they get in by a reset or sign-in link); the booking’s mails wait in the outbox until then.',
          '`carId` (400 car_not_exist, car_not_allowed; 409 no_season, no_pricing_band; 409 car_busy when another booking holds',
          'it then), `method` (stripe or paypal: the deposit link is in the acceptance mail; cash: received by the company),',
          'optional `priceCents` (a manual total, 1 € to 100 000 €) with `priceReason` (400 price_reason_required without it),',
          'kept with the server’s price in the history. Optional flightNumber, trainNumber, arriveFrom, message and their return',
          'twins. The booking is accepted at once (history: admin), holds its car (both legs), gets its voucher and the customer’s',
          'acceptance mail. A company member’s booking is priced with the company’s discount and put on its account (decision',
          '0155): no deposit, `reference` as its purchase order (400 purchase_order_required when the company asks for one),',
          '409 credit_limit_exceeded or credit_none past its credit limit. Any refusal saves nothing: no booking, no account.',
          '201 { message, bookingId }.',
        ].join(' '),
        security: adminSecurity,
        body: PhoneBookingBody,
        response: { 201: z.object({ message: z.string(), bookingId: z.number().int() }), ...adminErrors, 503: ErrorResponse },
      },
    },
    async (request, reply) => {
      const booking = await addPhoneBooking(deps(), requireAuth(request), request.body, request.lang);
      return reply.status(201).send({ message: request.t('phone_booking_added'), bookingId: booking.id });
    },
  );
};

export default backOfficeRoutes;
