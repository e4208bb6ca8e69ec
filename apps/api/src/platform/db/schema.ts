import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['user', 'admin']);
export const languageEnum = pgEnum('language', ['fr', 'en', 'ar']);
export const seasonNameEnum = pgEnum('season_name', ['summer', 'winter', 'spring', 'autumn']);
export const locationTypeEnum = pgEnum('location_type', ['address', 'airport', 'station', 'town']);
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
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'succeeded', 'failed', 'expired']);
/** `held`: written, but waiting for its recipient to verify the address (the worker claims only pending and sending). */
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sending', 'sent', 'failed', 'held']);

/** Small key/value facts about this installation (demo data loaded, schema facts). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    role: roleEnum('role').notNull().default('user'),
    language: languageEnum('language').notNull().default('fr'),
    /** When the owner proved they read `email`; null until then and again after a change of address. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    // The terms of sale and privacy policy accepted at registration; null for accounts made otherwise (admin CLI).
    termsVersion: text('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** Set when the owner deleted the account: personal data is erased, the row stays for bookings and invoices (decision 0090). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * In every access token; bumped by a sign-out, a password reset or change, which refuses every
     * access token issued before (decision 0106). Its changes are announced to the read caches.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Folded name, e-mail and phone digits for the back office search (search_document, migration 0011; decision 0071). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`search_document("full_name", "email", "phone")`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt, t.id),
    // Any word of the name, e-mail or phone (LIKE '%word%') through trigrams.
    index('users_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // A phone by its start or its end (phone_key, migration 0027; decision 0104).
    index('users_phone_key_idx').using('btree', sql`phone_key(${t.phone}) text_pattern_ops`),
    index('users_phone_key_reversed_idx').using('btree', sql`reverse(phone_key(${t.phone})) text_pattern_ops`),
  ],
);

/** Refresh tokens are stored hashed; a family is one login, rotated at every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_hash_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/** Single-use links that sign in without the password (decision 0106), stored hashed. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sign_in_links_token_hash_key').on(t.tokenHash), index('sign_in_links_user_idx').on(t.userId)],
);

/** Single-use links that prove an address: bound to the address they were sent to, stored hashed. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
  ],
);

export const cars = pgTable('cars', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  number: text('number').notNull(),
  model: text('model').notNull(),
  seats: integer('seats').notNull(),
  packages: integer('packages').notNull(),
  imgUrl: text('img_url'),
  /** Hidden from customers (funnel, price list, public pages) but kept with its prices (decision 0074). */
  hidden: boolean('hidden').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    name: seasonNameEnum('name').notNull(),
    startMonth: integer('start_month').notNull(),
    endMonth: integer('end_month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('seasons_start_month_check', sql`${t.startMonth} between 1 and 12`),
    check('seasons_end_month_check', sql`${t.endMonth} between 1 and 12`),
  ],
);

/** One km band of one car in one season. Amounts in cents; per-km rates in cents per km. */
export const pricings = pgTable(
  'pricings',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    kmStart: integer('km_start').notNull(),
    kmEnd: integer('km_end'),
    minPriceCents: integer('min_price_cents'),
    pricePerKmCents: integer('price_per_km_cents'),
    minPriceNightCents: integer('min_price_night_cents'),
    priceNightPerKmCents: integer('price_night_per_km_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pricings_car_season_idx').on(t.carId, t.seasonId, t.kmStart),
    index('pricings_season_idx').on(t.seasonId),
  ],
);

export const origins = pgTable(
  'origins',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('origins_name_key').on(t.name)],
);

export const destinations = pgTable(
  'destinations',
  {
    id: serial('id').primaryKey(),
    originId: integer('origin_id')
      .notNull()
      .references(() => origins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('destinations_origin_name_key').on(t.originId, t.name)],
);

/** A fixed-price route: an origin and one of its destinations, with a price per car. */
export const pricingListEntries = pgTable(
  'pricing_list_entries',
  {
    id: serial('id').primaryKey(),
    originId: integer('origin_id')
      .notNull()
      .references(() => origins.id, { onDelete: 'cascade' }),
    destinationId: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
    placeTo: text('place_to'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pricing_list_entries_route_key').on(t.originId, t.destinationId)],
);

export const pricingListPrices = pgTable(
  'pricing_list_prices',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => pricingListEntries.id, { onDelete: 'cascade' }),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    uniqueIndex('pricing_list_prices_entry_car_key').on(t.entryId, t.carId),
    index('pricing_list_prices_car_idx').on(t.carId),
  ],
);

/**
 * A public holiday rule (decision 0073): a fixed day and month every year (`fixed`), or a number
 * of days after Easter Sunday (`easter`: Easter Monday 1, Ascension 39, Whit Monday 50).
 */
export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['fixed', 'easter'] }).notNull().default('fixed'),
    day: integer('day'),
    month: integer('month'),
    easterOffset: integer('easter_offset'),
    createdAt: createdAt(),
  },
  (t) => [
    // One row per rule; the rows already there were deduplicated first (migration holidays_dedupe).
    uniqueIndex('holidays_fixed_date_key').on(t.month, t.day).where(sql`${t.kind} = 'fixed'`),
    uniqueIndex('holidays_easter_offset_key').on(t.easterOffset).where(sql`${t.kind} = 'easter'`),
    check(
      'holidays_rule_check',
      sql`(${t.kind} = 'fixed' and ${t.day} between 1 and 31 and ${t.month} between 1 and 12 and ${t.easterOffset} is null)
        or (${t.kind} = 'easter' and ${t.easterOffset} between -100 and 100 and ${t.day} is null and ${t.month} is null)`,
    ),
  ],
);

/**
 * A chauffeur: a record the company keeps, not an account (decisions §9). `languages` holds the
 * codes of DRIVER_LANGUAGES (packages/shared drivers/driver-schemas.ts), checked here as well.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('drivers_languages_check', sql`${t.languages} <@ array['fr','en','ar','it','es','de','ru','zh']::text[]`),
    index('drivers_full_name_idx').on(t.fullName, t.id),
  ],
);

export const durations = pgTable('durations', {
  id: serial('id').primaryKey(),
  origin: text('origin').notNull(),
  destination: text('destination').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  createdAt: createdAt(),
});

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
    returnRent: boolean('return_rent').notNull().default(false),
    returnAt: timestamp('return_at', { withTimezone: true }),
    returnAddress: text('return_address'),
    returnCity: text('return_city'),
    returnArriveTime: text('return_arrive_time'),
    returnArriveFrom: text('return_arrive_from'),
    returnTrainNumber: text('return_train_number'),
    returnFlightNumber: text('return_flight_number'),
    paymentMethod: paymentMethodEnum('payment_method'),
    rejectionReason: text('rejection_reason'),
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
    index('bookings_driver_pickup_idx').on(t.driverId, t.pickupAt),
    index('bookings_price_list_entry_idx').on(t.priceListEntryId),
    uniqueIndex('bookings_quote_token_hash_key').on(t.quoteTokenHash),
    // The purge of unclaimed quotes finds them by age (decision 0092).
    index('bookings_unclaimed_created_idx').on(t.createdAt).where(sql`${t.userId} is null`),
    // Only a quote may lack an account: confirming needs one.
    check('bookings_account_check', sql`${t.userId} is not null or ${t.status} in ('draft', 'car_selected')`),
  ],
);

/** A PostgreSQL tstzrange, read and written as its text form ('[from,to)'). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

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
    leg: text('leg', { enum: ['outbound', 'return'] }).notNull(),
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
    missionStatus: text('mission_status', { enum: ['en_route', 'on_site', 'on_board', 'done'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_status_history_booking_idx').on(t.bookingId, t.createdAt),
    check('booking_status_history_mission_status_check', sql`${t.missionStatus} in ('en_route', 'on_site', 'on_board', 'done')`),
  ],
);

/**
 * A chauffeur's link to one mission (decision 0083): a random token stored hashed, bound to the
 * booking and the chauffeur, dead after `expires_at` or once revoked (a new assignment). `status`
 * is the last mission status given through this link.
 */
export const missionLinks = pgTable(
  'mission_links',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: ['en_route', 'on_site', 'on_board', 'done'] }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mission_links_token_hash_key').on(t.tokenHash),
    index('mission_links_booking_idx').on(t.bookingId),
    index('mission_links_driver_idx').on(t.driverId),
    check('mission_links_status_check', sql`${t.status} in ('en_route', 'on_site', 'on_board', 'done')`),
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

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    method: paymentMethodEnum('method').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    /** Stripe: the Checkout Session; PayPal: the order (decision 0094). */
    providerSessionId: text('provider_session_id'),
    /** PayPal: the capture of the order, what a refund gives back. */
    providerCaptureId: text('provider_capture_id'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A deposit given back on a free cancellation (decision 0091): the provider's refund id and when. */
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    uniqueIndex('payments_provider_session_key').on(t.providerSessionId),
  ],
);

/** Provider events already handled, so a replayed webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    language: languageEnum('language').notNull().default('fr'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt, t.id)],
);

export type MailAttachment = { filename: string; contentType: string; content: string };

/** Mail written in the same transaction as the change that causes it; a worker sends it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    /** Where an answer goes: the customer's address on the company's mails about them (decision 0076). */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: mailStatusEnum('status').notNull().default('pending'),
    /** The account a customer mail is for: its held mail leaves once that account's address is verified. */
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Mails of one booking leave in the order they were written (outbox-worker.ts). */
    bookingId: integer('booking_id'),
    /** Names a mail that must exist once (a reminder: `booking:<id>:<kind>`); null for the others. */
    dedupeKey: text('dedupe_key'),
    /** The account a capped mail (a reset, a verification link...) is about: its cap counts by it (decision 0107). */
    accountId: integer('account_id'),
    /**
     * Claims that took the mail over from a lease that lapsed mid-send: each may have sent a second
     * copy, under the same Message-ID, of a mail the server had accepted (decision 0107).
     */
    lapsedAttempts: integer('lapsed_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key_idx').on(t.dedupeKey),
    index('mail_outbox_capped_address_idx').on(sql`lower(${t.toAddress})`, t.kind, t.createdAt),
    index('mail_outbox_capped_account_idx').on(t.accountId, t.kind, t.createdAt).where(sql`${t.accountId} is not null`),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_booking_idx').on(t.bookingId, t.id),
    index('mail_outbox_recipient_idx').on(t.recipientUserId),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded images, kept in the database so that every API process serves them (decision 0060).
 * `name` is the last segment of the public URL `/uploads/<name>`.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

export const jobStatusEnum = pgEnum('job_status', ['pending', 'running', 'done', 'failed']);

/** Scheduled work, run once across all processes (jobs/job-runner.ts, decision 0062). */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: serial('id').primaryKey(),
    /** One row per key: scheduling the same key twice keeps the first. */
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: jobStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('scheduled_jobs_due_idx').on(t.status, t.runAt)],
);

/**
 * Rate-limit counters shared by every API process on the database: one row per key (limit and
 * client address, or account), incremented by a single upsert (platform/rate-limit-store.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * The next number of each gapless series (decision 0088): one row per (series, year), moved on by
 * `update ... set next = next + 1 returning` inside the transaction that issues the document, so a
 * rollback gives the number back and two issuers wait for each other on the row.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series', { enum: ['voucher', 'receipt', 'invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    next: integer('next').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Booking vouchers (bon de réservation, decision 0087): one row per version, the frozen data it
 * shows; the PDF is drawn again from it. A change issues a new version; rows are never updated.
 */
export const bookingVouchers = pgTable(
  'booking_vouchers',
  {
    id: serial('id').primaryKey(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_vouchers_booking_version_key').on(t.bookingId, t.version),
    uniqueIndex('booking_vouchers_number_version_key').on(t.number, t.version),
  ],
);

/**
 * Deposit receipts, invoices and credit notes (decision 0088). Amounts are cents, negative on a
 * credit note; `data` is everything the PDF shows, frozen when issued. Rows are never updated.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['receipt', 'invoice', 'credit_note'] }).notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'restrict' }),
    customerName: text('customer_name').notNull(),
    language: languageEnum('language').notNull(),
    totalExclTaxCents: integer('total_excl_tax_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    totalInclTaxCents: integer('total_incl_tax_cents').notNull(),
    depositCents: integer('deposit_cents').notNull().default(0),
    /** VAT rate in hundredths of a percent (1000 = 10 %). */
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    creditOf: integer('credit_of'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_kind_year_sequence_key').on(t.kind, t.year, t.sequence),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_booking_kind_key').on(t.bookingId, t.kind).where(sql`${t.kind} <> 'credit_note'`),
    uniqueIndex('invoices_credit_of_key').on(t.creditOf),
    index('invoices_issued_idx').on(t.issuedAt, t.id),
  ],
);
