// Bookings, their stops, history, car holds and mailed tokens.
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tstzrange, updatedAt } from './columns.ts';
import { languageEnum, users, type BillingValue } from './accounts.ts';
import type { ServiceType } from '@vtc/shared/booking/service-types';
import type { FlightAlertReason, FlightStatus } from '@vtc/shared/booking/flight-status';
import { cars, locationTypeEnum, pricingListEntries, tours } from './catalogue.ts';
import { companies } from './companies.ts';
import { drivers } from './drivers.ts';

/** The guest a company member books for (decision 0141): phone in E.164, language of their mails. */
export type PassengerValue = { fullName: string; phone: string; language: 'fr' | 'en' | 'ar'; email: string | null };

export const bookingStatusEnum = pgEnum('booking_status', [
  'draft',
  'car_selected',
  'pending',
  'accepted',
  'rejected',
  'paid',
  'completed',
  'cancelled',
]);

export const paymentMethodEnum = pgEnum('payment_method', ['cash', 'stripe', 'paypal']);

/** What a booking sells (issue 22): a transfer, a hire by the hour or by the day, a tour. */
export const serviceTypeEnum = pgEnum('service_type', ['transfer', 'hourly', 'daily', 'tour'] as const satisfies readonly ServiceType[]);

/** A place as the customer chose it: its label, its kind and, when known, its coordinates. */
export type PlaceValue = {
  title: string;
  type: 'address' | 'airport' | 'station' | 'town';
  lat?: number | null;
  lon?: number | null;
  placeId?: string | null;
  country?: string | null;
};

export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    /** Null while the booking is a visitor's quote (a draft or car_selected, decision 0092). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    /** SHA-256 of a visitor's quote token: the only way to reach a booking without an account; null once claimed. */
    quoteTokenHash: text('quote_token_hash'),
    status: bookingStatusEnum('status').notNull().default('draft'),
    language: languageEnum('language').notNull().default('fr'),
    origin: jsonb('origin').$type<PlaceValue>().notNull(),
    destination: jsonb('destination').$type<PlaceValue>().notNull(),
    rentFromType: locationTypeEnum('rent_from_type').notNull(),
    rentToType: locationTypeEnum('rent_to_type').notNull(),
    pickupAt: timestamp('pickup_at', { withTimezone: true }).notNull(),
    distanceKm: doublePrecision('distance_km').notNull(),
    distanceEstimated: boolean('distance_estimated').notNull().default(true),
    adults: integer('adults').notNull(),
    children: integer('children').notNull().default(0),
    childrenSeat: integer('children_seat').notNull().default(0),
    luggageUnder10kg: integer('luggage_under_10kg').notNull().default(0),
    luggageAbove10kg: integer('luggage_above_10kg').notNull().default(0),
    luggageAbove30kg: integer('luggage_above_30kg').notNull().default(0),
    carId: integer('car_id').references(() => cars.id, { onDelete: 'set null' }),
    /** The chauffeur assigned to the trip; a chauffeur with trips to come cannot be deleted. */
    driverId: integer('driver_id').references(() => drivers.id, { onDelete: 'set null' }),
    /** The price-list route matched at step one, if any; its per-car prices are read when pricing. */
    priceListEntryId: integer('price_list_entry_id').references(() => pricingListEntries.id, { onDelete: 'set null' }),
    oneWayCents: integer('one_way_cents'),
    holidaySurchargeCents: integer('holiday_surcharge_cents'),
    totalCents: integer('total_cents'),
    depositCents: integer('deposit_cents'),
    fullName: text('full_name'),
    email: text('email'),
    phone: text('phone'),
    customerState: text('customer_state'),
    message: text('message'),
    address: text('address'),
    city: text('city'),
    arriveTime: text('arrive_time'),
    trainNumber: text('train_number'),
    flightNumber: text('flight_number'),
    arriveFrom: text('arrive_from'),
    /** The followed flight's state (decision 0144): null until the provider was first asked. */
    flightStatus: text('flight_status').$type<FlightStatus>(),
    flightCheckedAt: timestamp('flight_checked_at', { withTimezone: true }),
    /** The arrival the provider expects now. */
    flightArrivalAt: timestamp('flight_arrival_at', { withTimezone: true }),
    /** The arrival the pickup time follows: a later one moves the pickup by the difference. */
    flightFollowedArrivalAt: timestamp('flight_followed_arrival_at', { withTimezone: true }),
    /** A delay that could not move the pickup (car or chauffeur busy then): the company's alert. */
    flightAlert: jsonb('flight_alert').$type<{ reason: FlightAlertReason; pickupAt: string }>(),
    /** The name the chauffeur's sign shows at an airport or station pickup (decision 0133); null elsewhere. */
    signName: text('sign_name'),
    returnRent: boolean('return_rent').notNull().default(false),
    returnAt: timestamp('return_at', { withTimezone: true }),
    returnAddress: text('return_address'),
    returnCity: text('return_city'),
    returnArriveTime: text('return_arrive_time'),
    returnArriveFrom: text('return_arrive_from'),
    returnTrainNumber: text('return_train_number'),
    returnFlightNumber: text('return_flight_number'),
    /** The return's followed flight, as the outbound's above (decision 0171): the return's pickup is at the airport the outbound ends at. */
    returnFlightStatus: text('return_flight_status').$type<FlightStatus>(),
    returnFlightCheckedAt: timestamp('return_flight_checked_at', { withTimezone: true }),
    returnFlightArrivalAt: timestamp('return_flight_arrival_at', { withTimezone: true }),
    returnFlightFollowedArrivalAt: timestamp('return_flight_followed_arrival_at', { withTimezone: true }),
    returnFlightAlert: jsonb('return_flight_alert').$type<{ reason: FlightAlertReason; pickupAt: string }>(),
    paymentMethod: paymentMethodEnum('payment_method'),
    /** The company the booking was made for, by one of its members (decision 0134); its invoices go to it. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    /** Who the invoices are made out to when a business: frozen at step three (decision 0134). */
    billing: jsonb('billing').$type<BillingValue>(),
    /** A company member's booking for a guest (decision 0141): who rides, reached in their own language. */
    passenger: jsonb('passenger').$type<PassengerValue>(),
    /** One of the company's cost centres, chosen at step three (decision 0141). */
    costCentre: text('cost_centre'),
    /** False when the company hides the price from the guest's mails (decision 0141). */
    showPrice: boolean('show_price').notNull().default(true),
    /** The month-end statement that billed this on-account trip (decision 0142); null until then. */
    statementId: integer('statement_id'),
    rejectionReason: text('rejection_reason'),
    serviceType: serviceTypeEnum('service_type').notNull().default('transfer'),
    /** A hire by the hour's (or a tour's) booked duration, minutes. */
    hireMinutes: integer('hire_minutes'),
    /** A hire by the day's days. */
    hireDays: integer('hire_days'),
    tourId: integer('tour_id').references(() => tours.id, { onDelete: 'set null' }),
    /** The places to visit the customer typed (hire, tour). */
    programme: text('programme'),
    /** False: a hire without a drop-off place; its destination is its pickup place. */
    hasDropOff: boolean('has_drop_off').notNull().default(true),
    /** A hire's booked end: pickup + hire minutes; by the day, the last day's pickup time + 8 h. Null for a transfer. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** A finished hire: its actual end and km as the chauffeur recorded them, and what they added to the price. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endKm: doublePrecision('end_km'),
    overtimeCents: integer('overtime_cents'),
    extraKmCents: integer('extra_km_cents'),
    /** SEQUENCE of the booking's calendar files (RFC 5545): raised at each change and at cancellation. */
    calendarSequence: integer('calendar_sequence').notNull().default(0),
    /** Folded contact name, e-mail and phone typed at step three, for the back office search (decision 0071). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_document("full_name", "email", "phone")`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The contact's phone by its start or its end (phone_key, migration 0027; decision 0104).
    index('bookings_phone_key_idx').using('btree', sql`phone_key(${t.phone}) text_pattern_ops`),
    index('bookings_phone_key_reversed_idx').using('btree', sql`reverse(phone_key(${t.phone})) text_pattern_ops`),
    index('bookings_status_created_idx').on(t.status, t.createdAt, t.id),
    index('bookings_status_pickup_idx').on(t.status, t.pickupAt, t.id),
    // The planning finds return legs by their pickup too (decision 0084).
    index('bookings_status_return_idx').on(t.status, t.returnAt, t.id),
    // The back office's pickup date range without a status (decision 0071).
    index('bookings_pickup_idx').on(t.pickupAt),
    index('bookings_created_idx').on(t.createdAt, t.id),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    // The back office's users page counts each account's bookings from this index alone.
    index('bookings_user_status_idx').on(t.userId, t.status),
    index('bookings_car_idx').on(t.carId),
    // A company's bookings, newest first (GET /company/bookings).
    index('bookings_company_idx').on(t.companyId, t.id).where(sql`${t.companyId} is not null`),
    index('bookings_statement_idx').on(t.statementId).where(sql`${t.statementId} is not null`),
    index('bookings_driver_pickup_idx').on(t.driverId, t.pickupAt),
    index('bookings_price_list_entry_idx').on(t.priceListEntryId),
    index('bookings_tour_idx').on(t.tourId),
    // The back office's list of one service (issue 22).
    index('bookings_service_created_idx').on(t.serviceType, t.createdAt, t.id),
    uniqueIndex('bookings_quote_token_hash_key').on(t.quoteTokenHash),
    // The purge of unclaimed quotes finds them by age (decision 0092).
    index('bookings_unclaimed_created_idx').on(t.createdAt).where(sql`${t.userId} is null`),
    check('bookings_hire_check', sql`${t.hireMinutes} > 0 and ${t.hireDays} > 0 and ${t.endKm} >= 0 and ${t.overtimeCents} >= 0 and ${t.extraKmCents} >= 0`),
    // Only a quote may lack an account: confirming needs one.
    check('bookings_account_check', sql`${t.userId} is not null or ${t.status} in ('draft', 'car_selected')`),
  ],
);

/**
 * The time a pending, accepted or paid booking holds its car (decision 0070): one row per leg
 * (outbound, return). The exclusion constraint refusing two overlapping holds of one car, and
 * the trigger freeing a booking's holds when it leaves those statuses, are in migration 0006.
 */
export const carHolds = pgTable(
  'car_holds',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    /** outbound, return, or day-2, day-3… for the next days of a hire by the day (decision 0127). */
    leg: text('leg').$type<'outbound' | 'return' | `day-${number}`>().notNull(),
    during: tstzrange('during').notNull(),
  },
  (t) => [uniqueIndex('car_holds_booking_leg_key').on(t.bookingId, t.leg)],
);

export const bookingStops = pgTable(
  'booking_stops',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    place: jsonb('place').$type<PlaceValue>().notNull(),
  },
  (t) => [uniqueIndex('booking_stops_booking_position_key').on(t.bookingId, t.position)],
);

export const bookingStatusHistory = pgTable(
  'booking_status_history',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    fromStatus: bookingStatusEnum('from_status'),
    toStatus: bookingStatusEnum('to_status').notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorKind: text('actor_kind').notNull(),
    reason: text('reason'),
    /** A chauffeur's mission status (en_route, on_site, on_board, done), recorded with the booking's status at that time. */
    missionStatus: text('mission_status', { enum: ['en_route', 'on_site', 'on_board', 'done', 'no_show'] }),
    /** A total the company set by hand with this change (its reason in `reason`), and the server's price it replaced (decision 0119). */
    manualPriceCents: integer('manual_price_cents'),
    listPriceCents: integer('list_price_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_status_history_booking_idx').on(t.bookingId, t.createdAt),
    check('booking_status_history_mission_status_check', sql`${t.missionStatus} in ('en_route', 'on_site', 'on_board', 'done', 'no_show')`),
  ],
);

/** Signed, single-use links sent by e-mail: accept/reject for the company, deposit for the customer. */
export const bookingTokens = pgTable(
  'booking_tokens',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('booking_tokens_token_hash_key').on(t.tokenHash), index('booking_tokens_booking_idx').on(t.bookingId)],
);
