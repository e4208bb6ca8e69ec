import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { makeUpdateBookingInfoBody, type CreateBookingBody, type UpdateBookingInfoBody } from '@vtc/shared/booking/booking-schemas';
import { canChangeCar, canTransition, canUpdateBookingInfo } from '@vtc/shared/booking/booking-transitions';
import { freeCancellationDeadline, isFreeCancellation } from '@vtc/shared/booking/cancellation-policy';
import { waitingMinutesAt } from '@vtc/shared/booking/waiting-time';
import type { Language } from '@vtc/shared/i18n/languages';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import type { TripPrice } from '@vtc/shared/pricing/price-trip';
import { isNightHour, isPickupTimeValid } from '@vtc/shared/time/paris-time';
import { MAX_ID } from '@vtc/shared/validation/form-fields';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import type { PlaceValue } from '../../platform/db/schema.ts';
import { AppError, conflict, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { toJson } from '../../platform/lib/json-reply.ts';
import { createOpaqueToken, hashToken } from '../../platform/lib/random-token.ts';
import type { ReadCaches } from '../../platform/db/read-caches.ts';
import type { AccessClaims } from '../../platform/http/access-tokens.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import { readCatalogue, type Catalogue } from '../../catalogue/catalogue-snapshot.ts';
import { locateById } from '../../catalogue/places/gazetteer.ts';
import { expirePendingCardSessions } from '../payments/checkout-sessions.ts';
import type { StripeSetup } from '../payments/stripe-client.ts';
import { PlaceNotFoundError, PlacesUnavailableError, type LocatedPoint, type PlacesProvider, type RouteDistance } from '../../catalogue/places/places-provider.ts';
import { queueBookingCancelledMails, queueBookingReceivedMails } from '../mails/booking-mails.ts';
import { hasRefundableDeposit, scheduleDepositRefund } from '../payments/deposit-refunds.ts';
import { StepTwoResponse, type CarOffer, type StepTwoContact } from '@vtc/shared/booking/booking-responses';
import { checkCarFits, type Party } from '@vtc/shared/pricing/check-car-fits';
import { splitParty } from '@vtc/shared/pricing/split-party';
import { bookingTerms, waitingMinutes } from '../booking-terms.ts';
import { toBookingInfo, toBookingSummary, toCarOffer, toCarSummary, toTrip } from '../booking-mappers.ts';
import { DECISION_TOKEN_DAYS, issueBookingToken, retireBookingTokens } from '../booking-tokens.ts';
import {
  findBooking,
  findChauffeur,
  insertBooking,
  listBookingsPage,
  listHistory,
  listPayments,
  lockBooking,
  recordTransition,
  transitionBooking,
  updateBooking,
  type Actor,
  type BookingAccess,
  type BookingListRow,
  type BookingRow,
  type BookingWithStops,
  type PageCursor,
} from '../bookings-repository.ts';
import { findRouteEntry, type CarForPricing } from './route-prices.ts';
import { placeMatchKeys } from './route-match.ts';
import { partyOf, priceCar, pricingContext, type PricingContext } from './trip-pricing.ts';
import { assertCarFree, bookingHoldLegs, holdCar } from '../holds/car-holds.ts';
import { findBusyCarIds } from '../holds/car-holds-repository.ts';
import { cancelBookingReminders, schedulePendingReminders } from '../reminders/booking-reminders.ts';
import { issueCreditNotes } from '../documents/booking-invoices.ts';
import { listBookingDocuments } from '../documents/documents-repository.ts';

export type BookingsDeps = {
  db: Db;
  config: Config;
  places: PlacesProvider;
  caches: ReadCaches;
  log: FastifyBaseLogger;
  /** Set where a change must close open card payments (cancel); null without Stripe keys. */
  stripe?: StripeSetup | null;
};

/** What a session may see: its own bookings, or every one for an admin; nothing without one. */
export const accessOf = (auth: AccessClaims | null): BookingAccess => ({ userId: auth?.userId ?? null, isAdmin: auth?.role === 'admin' });

/**
 * Who is at steps one to three: an account, a visitor holding a quote's token (header
 * X-Quote-Token), or both (a visitor who has just signed in, before claiming; decision 0092).
 */
export type FunnelCaller = { auth: AccessClaims | null; quoteToken?: string | undefined };

export const funnelAccessOf = (caller: FunnelCaller): BookingAccess => ({
  ...accessOf(caller.auth),
  quoteTokenHash: caller.quoteToken ? hashToken(caller.quoteToken) : null,
});

/** An admin acting on someone else's booking is recorded as the admin; anyone else as the customer. */
export function actorOf(auth: AccessClaims | null, booking: Pick<BookingRow, 'userId'>): Actor {
  if (!auth) return { userId: null, kind: 'customer' };
  return { userId: auth.userId, kind: auth.role === 'admin' && booking.userId !== auth.userId ? 'admin' : 'customer' };
}

/** The owner or an admin (decisions 4), or the visitor whose token opens this unclaimed quote. */
export const canSee = (access: BookingAccess, booking: Pick<BookingRow, 'userId' | 'quoteTokenHash'>): boolean =>
  access.isAdmin ||
  (access.userId !== null && booking.userId === access.userId) ||
  (Boolean(access.quoteTokenHash) && booking.userId === null && booking.quoteTokenHash === access.quoteTokenHash);

/** Another user's booking answers like a missing one (decisions 4). */
export async function getBookingOr404(db: DbOrTx, id: number, access: BookingAccess): Promise<BookingWithStops> {
  const booking = await findBooking(db, id, access);
  if (!booking) throw notFound('booking_not_found');
  return booking;
}

/** Zod issues as the 400 the error plugin would give: the first message per field. */
export function validationError(error: z.ZodError): AppError {
  const seen = new Set<string>();
  const fieldErrors = error.issues
    .map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
    .filter((e) => !seen.has(e.path) && seen.add(e.path));
  return new AppError(400, 'validation_failed', {}, fieldErrors);
}

/** A car without a price for the trip is refused: 400 car_not_allowed, 409 no_season / no_pricing_band. */
function assertBookable(price: TripPrice): asserts price is Extract<TripPrice, { bookable: true }> {
  if (!price.bookable) throw new AppError(price.reason === 'car_not_allowed' ? 400 : 409, price.reason);
}

type ParsedPlace = CreateBookingBody['origin'];

/**
 * A place as the booking stores it. Its coordinates are the ones the provider placed it at
 * (fixed list, gazetteer or maps service), never the client's, which would set the price.
 */
function toPlaceValue(place: ParsedPlace, located: LocatedPoint | null | undefined): PlaceValue {
  const known = place.placeId ? locateById(place.placeId) : undefined;
  const where = known ?? located ?? null;
  return {
    // A fixed place is stored under its French name, the company's language; readers see it in theirs (decision 0098).
    title: placeTitle(place, 'fr'),
    type: place.type,
    lat: where?.lat ?? null,
    lon: where?.lon ?? null,
    placeId: place.placeId ?? null,
    country: where?.country ?? null,
  };
}

/** The form field of the route point a provider could not place. */
function pointField(index: number, stopCount: number): string {
  if (index <= 0) return 'origin';
  if (index > stopCount) return 'destination';
  return `stop.${index - 1}`;
}

/**
 * The 2-hour lead time (decisions 4) holds at every step that moves the booking forward, not only
 * at step one: a draft left open must not be confirmed once its pickup is near or past.
 */
export function assertPickupStillValid(booking: Pick<BookingRow, 'pickupAt'>, now: Date = new Date()): void {
  if (!isPickupTimeValid(booking.pickupAt, now)) throw fieldError('date', 'time_not_valid');
}

/** Step one: a draft booking with its route distance, party and pickup, recorded in the history. */
export async function createBooking(
  deps: BookingsDeps,
  auth: AccessClaims | null,
  body: CreateBookingBody,
  language: Language,
): Promise<{ booking: BookingWithStops; quoteToken?: string }> {
  // The client's lat/lon are not passed on: the server places every point (decision 0024).
  const route = [body.origin, ...body.stop, body.destination].map(({ title, placeId }) => ({ title, placeId }));
  let distance: RouteDistance;
  try {
    distance = await deps.places.routeDistance(route);
  } catch (error) {
    if (error instanceof PlaceNotFoundError) throw fieldError(pointField(error.index, body.stop.length), 'place_unknown');
    if (error instanceof PlacesUnavailableError) {
      deps.log.warn({ err: error }, 'route distance unavailable');
      throw new AppError(503, 'service_unavailable');
    }
    throw error;
  }
  // A trip with stops is not the listed route: it is priced by distance (decision 0020).
  const priceListEntryId =
    body.stop.length === 0 ? await findRouteEntry(deps.db, placeMatchKeys(body.origin), placeMatchKeys(body.destination)) : null;
  const stops = body.stop.map((stop, index) => toPlaceValue(stop, distance.points?.[index + 1]));
  // A visitor's quote is reached by its random token alone, stored hashed (decision 0092).
  const quote = auth ? undefined : createOpaqueToken();
  const created = await deps.db.transaction(async (tx) => {
    const booking = await insertBooking(
      tx,
      {
        userId: auth?.userId ?? null,
        quoteTokenHash: quote?.hash ?? null,
        status: 'draft',
        language,
        origin: toPlaceValue(body.origin, distance.points?.[0]),
        destination: toPlaceValue(body.destination, distance.points?.[route.length - 1]),
        rentFromType: body.rentFromType,
        rentToType: body.rentToType,
        pickupAt: body.pickupAt,
        distanceKm: distance.km,
        distanceEstimated: distance.estimated,
        adults: body.passengers.adults,
        children: body.passengers.children,
        childrenSeat: body.passengers.childrenSeat,
        luggageUnder10kg: body.packages.under10kg,
        luggageAbove10kg: body.packages.above10kg,
        luggageAbove30kg: body.packages.above30kg,
        priceListEntryId,
      },
      stops,
    );
    await recordTransition(tx, { bookingId: booking.id, from: null, to: 'draft', actor: actorOf(auth, booking) });
    return { ...booking, stops };
  });
  // Step two comes next: it finds the committed booking in memory.
  deps.caches.keepBooking(created);
  return quote ? { booking: created, quoteToken: quote.token } : { booking: created };
}

/** Step two's answers, by booking and audience as cached: made again when the catalogue or the holds have changed since. */
const stepTwoAnswers = new WeakMap<BookingWithStops, Map<StepTwoAudience, { catalogue: Catalogue; holds: object; json: string }>>();

type StepTwoAudience = 'customer' | 'admin';

/** Reasons that speak of the company's price list, not of the customer's trip: never shown to a customer (decision 0100). */
const INTERNAL_REASONS: ReadonlySet<string> = new Set(['no_season', 'no_pricing_band']);

/**
 * The cars a caller is shown and the way forward when none can be chosen (decision 0100). A
 * customer does not see the cars the price list cannot price; an admin does, with the reason.
 */
function stepTwoOffers(offers: CarOffer[], party: Party, audience: StepTwoAudience): { cars: CarOffer[]; contact: StepTwoContact } {
  const cars = audience === 'admin' ? offers : offers.filter((offer) => !(offer.reason && INTERNAL_REASONS.has(offer.reason)));
  // Judged on the cars this caller can choose from: a car the price list leaves out takes no one.
  const partyTooLarge = !cars.some((offer) => checkCarFits(offer, party));
  const split = partyTooLarge ? splitParty(cars, party).map(({ id, name, seats, packages }) => ({ id, name, seats, packages })) : [];
  return { cars, contact: { offered: !cars.some((offer) => offer.allowed), party_too_large: partyTooLarge, split } };
}

/**
 * Step two: the booking and every car priced for it, as the response's JSON. From memory while
 * the caches hold the booking and the catalogue, and made once per version of both (decision 0026).
 */
export async function getStepTwoJson(deps: BookingsDeps, caller: FunnelCaller, id: number): Promise<string> {
  const booking = await deps.caches.booking(id);
  if (!booking || !canSee(funnelAccessOf(caller), booking)) throw notFound('booking_not_found');
  const audience: StepTwoAudience = caller.auth?.role === 'admin' ? 'admin' : 'customer';
  const catalogue = await deps.caches.catalogue();
  // Taken before the holds are read: a change announced meanwhile makes the answer stale at once.
  const holds = deps.caches.holdsVersion();
  const answers = stepTwoAnswers.get(booking) ?? new Map();
  const known = answers.get(audience);
  if (known?.catalogue === catalogue && known.holds === holds) return known.json;
  const trip = toTrip(booking);
  const context = pricingContext(catalogue, trip);
  const flags = { night: isNightHour(context.pickup.hour), holiday: context.holiday };
  // Only the outbound leg: the return trip is chosen at step three, which checks it again.
  const busy = await findBusyCarIds(deps.db, await bookingHoldLegs(deps.db, deps.config, { ...booking, returnAt: null }), booking.id);
  const offers: CarOffer[] = context.cars.map((car) =>
    toCarOffer(car, priceCar(trip, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT), flags, busy.has(car.id)),
  );
  const json = toJson(StepTwoResponse, { booking: toBookingSummary(booking), ...stepTwoOffers(offers, partyOf(trip), audience) });
  answers.set(audience, { catalogue, holds, json });
  stepTwoAnswers.set(booking, answers);
  return json;
}

/**
 * Step two's choice: the car must exist (404 car_not_exist), take the party (400
 * car_not_allowed) and have a price for the trip (409 no_season / no_pricing_band). Its one-way
 * price is stored; draft moves to car_selected, a car_selected booking just changes car.
 */
export async function selectCar(deps: BookingsDeps, caller: FunnelCaller, bookingId: number, carId: number): Promise<BookingWithStops> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, bookingId, funnelAccessOf(caller));
    if (!booking) throw notFound('booking_not_found');
    if (!canChangeCar(booking.status)) throw conflict('invalid_transition');
    assertPickupStillValid(booking);
    const trip = toTrip(booking);
    // A price that is stored is computed from the database of record, not from memory.
    const context = pricingContext(await readCatalogue(tx), trip, carId);
    const car = context.cars[0];
    if (!car) throw notFound('car_not_exist');
    const price = priceCar(trip, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT);
    assertBookable(price);
    await assertCarFree(tx, deps.config, { ...booking, returnAt: null }, car.id);
    const values = {
      carId: car.id,
      oneWayCents: price.oneWayCents,
      holidaySurchargeCents: price.holidaySurchargeCents,
      totalCents: price.totalCents,
      depositCents: price.depositCents,
    };
    if (booking.status === 'car_selected') return { ...(await updateBooking(tx, booking.id, values)), stops: booking.stops };
    const moved = await transitionBooking(tx, booking.id, 'draft', 'car_selected', values);
    if (!moved) throw conflict('invalid_transition');
    await recordTransition(tx, { bookingId: booking.id, from: 'draft', to: 'car_selected', actor: actorOf(caller.auth, booking) });
    return { ...moved, stops: booking.stops };
  });
}

/** The chosen car of a booking that may still be confirmed, with its prices now; 409 otherwise. */
function priceChosenCar(catalogue: Catalogue, booking: BookingWithStops): { car: CarForPricing; context: PricingContext } {
  if (!canUpdateBookingInfo(booking.status) || booking.carId === null) throw conflict('invalid_transition');
  const context = pricingContext(catalogue, toTrip(booking), booking.carId);
  const car = context.cars[0];
  if (!car) throw conflict('invalid_transition');
  return { car, context };
}

/** Step three: the booking, its car, the one-way and round-trip prices, and the form's defaults. */
export async function getStepThree(deps: BookingsDeps, caller: FunnelCaller, id: number) {
  const booking = await getBookingOr404(deps.db, id, funnelAccessOf(caller));
  const [catalogue, owner] = await Promise.all([
    deps.caches.catalogue(),
    booking.userId === null ? undefined : findUserById(deps.db, booking.userId),
  ]);
  const { car, context } = priceChosenCar(catalogue, booking);
  const trip = toTrip(booking);
  const oneWay = priceCar(trip, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT);
  const roundTrip = priceCar(trip, car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT, true);
  assertBookable(oneWay);
  assertBookable(roundTrip);
  const terms = bookingTerms(deps.config, booking);
  return {
    ...toBookingSummary(booking),
    car: toCarSummary(car),
    price: oneWay.totalCents / 100,
    price_cents: oneWay.totalCents,
    deposit: oneWay.depositCents / 100,
    deposit_cents: oneWay.depositCents,
    round_trip_price: roundTrip.totalCents / 100,
    round_trip_price_cents: roundTrip.totalCents,
    round_trip_deposit: roundTrip.depositCents / 100,
    round_trip_deposit_cents: roundTrip.depositCents,
    night: oneWay.night,
    holiday: oneWay.holiday,
    holiday_surcharge_percent: deps.config.HOLIDAY_SURCHARGE_PERCENT,
    source: oneWay.source,
    customer: {
      fullName: booking.fullName ?? owner?.fullName ?? '',
      email: booking.email ?? owner?.email ?? '',
      phone: booking.phone ?? owner?.phone ?? '',
    },
    info: toBookingInfo(booking),
    waiting_minutes: terms.waitingMinutes,
    return_waiting_minutes: waitingMinutesAt(booking.rentToType, waitingMinutes(deps.config)),
    free_cancellation_until: terms.freeCancellationUntil.toISOString(),
  };
}

/**
 * Step three's confirmation, once (decision 0016). Prices are computed again (with the return
 * trip if asked); the confirmation moves car_selected to pending and, in the same transaction,
 * queues the customer's receipt and the company's request with a new decision token. The
 * booking row is locked, so of concurrent confirmations one makes the transition and the others
 * find it pending: 409 invalid_transition, nothing changed, nothing sent.
 */
export async function updateBookingInfo(
  deps: BookingsDeps,
  auth: AccessClaims,
  id: number,
  body: UpdateBookingInfoBody,
): Promise<BookingWithStops> {
  if (body.bookingId !== id) throw fieldError('bookingId', 'invalid_value');
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, accessOf(auth));
    if (!booking) throw notFound('booking_not_found');
    if (!canUpdateBookingInfo(booking.status)) throw conflict('invalid_transition');
    assertPickupStillValid(booking);
    // The return must follow this booking's pickup: checked now that the pickup is known.
    // An airport pickup needs its flight number: judged on the booking's own places.
    const parsed = makeUpdateBookingInfoBody({ pickupAt: booking.pickupAt, pickupType: booking.rentFromType, returnPickupType: booking.rentToType }).safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    const info = parsed.data;
    const { car, context } = priceChosenCar(await readCatalogue(tx), booking);
    const price = priceCar(toTrip(booking), car, context, deps.config.HOLIDAY_SURCHARGE_PERCENT, info.returnRent);
    assertBookable(price);
    const values = {
      fullName: info.fullName,
      email: info.email,
      phone: info.phone,
      customerState: info.state ?? null,
      paymentMethod: info.method,
      message: info.message ?? null,
      address: info.address ?? null,
      city: info.city ?? null,
      arriveTime: info.arriveTime ?? null,
      trainNumber: info.trainNumber ?? null,
      flightNumber: info.flightNumber ?? null,
      arriveFrom: info.arriveFrom ?? null,
      returnRent: info.returnRent,
      returnAt: info.returnAt ?? null,
      returnAddress: info.returnAddress ?? null,
      returnCity: info.returnCity ?? null,
      returnArriveTime: info.returnArriveTime ?? null,
      returnArriveFrom: info.returnArriveFrom ?? null,
      returnTrainNumber: info.returnTrainNumber ?? null,
      returnFlightNumber: info.returnFlightNumber ?? null,
      oneWayCents: price.oneWayCents,
      holidaySurchargeCents: price.holidaySurchargeCents,
      totalCents: price.totalCents,
      depositCents: price.depositCents,
    };
    const moved = await transitionBooking(tx, id, 'car_selected', 'pending', values);
    if (!moved) throw conflict('invalid_transition');
    await recordTransition(tx, { bookingId: id, from: 'car_selected', to: 'pending', actor: actorOf(auth, booking) });
    // The database refuses a hold overlapping another booking's: 409 car_busy, nothing kept.
    await holdCar(tx, deps.config, { ...moved, stops: booking.stops });
    await retireBookingTokens(tx, id, 'decision');
    const token = await issueBookingToken(tx, id, 'decision', new Date(Date.now() + DECISION_TOKEN_DAYS * 86_400_000));
    const confirmed = { ...moved, stops: booking.stops };
    await queueBookingReceivedMails(tx, deps, confirmed, token);
    await schedulePendingReminders(tx, deps.config, id);
    return confirmed;
  });
}

/**
 * A visitor's quote becomes the signed-in account's (decision 0092): one conditional update on
 * the booking still unclaimed with this token, which then stops working. Claiming one's own
 * booking again answers it unchanged (a retried request); any other booking, or a token already
 * used, answers 404 booking_not_found and changes nothing.
 */
export async function claimBooking(deps: BookingsDeps, auth: AccessClaims, id: number, quoteToken: string): Promise<BookingWithStops> {
  const claimed = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, { userId: auth.userId, isAdmin: false, quoteTokenHash: hashToken(quoteToken) });
    if (!booking) throw notFound('booking_not_found');
    if (booking.userId === auth.userId) return booking;
    const row = await updateBooking(tx, id, { userId: auth.userId, quoteTokenHash: null });
    await recordTransition(tx, { bookingId: id, from: booking.status, to: booking.status, actor: { userId: auth.userId, kind: 'customer' }, reason: 'quote_claimed' });
    return { ...row, stops: booking.stops };
  });
  deps.caches.keepBooking(claimed);
  return claimed;
}

/**
 * Cancels a booking that has not ended (decisions 4). More than 48 hours before pickup it is
 * free; later, a deposit already paid is kept. The history's reason says which; links already
 * sent stop working, and the booking's open Stripe Checkout sessions are expired.
 */
export async function cancelBooking(deps: BookingsDeps, auth: AccessClaims, id: number, now: Date = new Date()) {
  const result = await deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, accessOf(auth));
    if (!booking) throw notFound('booking_not_found');
    if (!canTransition(booking.status, 'cancelled')) throw conflict('invalid_transition');
    const free = isFreeCancellation(booking.pickupAt, now);
    const depositKept = !free && booking.status === 'paid';
    // A free cancellation gives a card deposit back, through a durable job (decision 0091).
    const refunded = free && booking.status === 'paid' && (await hasRefundableDeposit(tx, id));
    const moved = await transitionBooking(tx, id, booking.status, 'cancelled', { calendarSequence: booking.calendarSequence + 1 });
    if (!moved) throw conflict('invalid_transition');
    const reason = refunded ? 'free_cancellation_refunded' : free ? 'free_cancellation' : depositKept ? 'late_cancellation_deposit_kept' : 'late_cancellation';
    await recordTransition(tx, { bookingId: id, from: booking.status, to: 'cancelled', actor: actorOf(auth, booking), reason });
    await retireBookingTokens(tx, id);
    if (refunded) await scheduleDepositRefund(tx, id);
    await cancelBookingReminders(tx, id);
    // A refunded deposit is cancelled by a credit note; a kept one keeps its receipt (decision 0088).
    if (!depositKept) await issueCreditNotes(tx, deps.config, id);
    const notifyCompany = ['pending', 'accepted', 'paid'].includes(booking.status);
    await queueBookingCancelledMails(tx, deps, { ...moved, stops: booking.stops }, { free, depositKept, refunded, notifyCompany });
    return { booking: moved, free, depositKept, refunded };
  });
  // Once cancelled, no open Checkout session may still take the deposit. After the commit: a
  // payment that completes meanwhile finds the booking cancelled and the company is told.
  await expirePendingCardSessions(deps, id);
  return result;
}

export const encodeCursor = (row: Pick<BookingListRow, 'cursorAt' | 'id'>) => Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url');

/** A cursor from `encodeCursor`; a malformed one is a 400 on `after`. */
export function decodeCursor(cursor: string | undefined): PageCursor | undefined {
  if (cursor === undefined) return undefined;
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) && /^\d{1,10}$/.test(id) && Number(id) <= MAX_ID;
  if (!valid) throw fieldError('after', 'invalid_value');
  return { createdAt, id: Number(id) };
}

/** One page of rows (limit + 1 read to know whether another page follows). */
export function toPage(rows: BookingListRow[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/**
 * One of the caller's bookings for "Mes réservations" (decision 0091): what the admin's view
 * holds about it, plus the chauffeur once assigned and the cancellation terms at `now`.
 */
export async function getOwnBookingDetails(deps: BookingsDeps, auth: AccessClaims, id: number, now: Date = new Date()) {
  const booking = await findBooking(deps.db, id, { userId: auth.userId, isAdmin: false });
  if (!booking || booking.status === 'draft' || booking.userId !== auth.userId) throw notFound('booking_not_found');
  const [owner, car, history, paid, chauffeur, documents] = await Promise.all([
    findUserById(deps.db, booking.userId),
    booking.carId === null ? undefined : findCar(deps.db, booking.carId),
    listHistory(deps.db, id),
    listPayments(deps.db, id),
    findChauffeur(deps.db, booking.driverId),
    listBookingDocuments(deps.db, id),
  ]);
  const lastStart = booking.returnRent && booking.returnAt ? booking.returnAt : booking.pickupAt;
  const cancellation = {
    allowed: canTransition(booking.status, 'cancelled') && lastStart.getTime() > now.getTime(),
    free: isFreeCancellation(booking.pickupAt, now),
    freeUntil: freeCancellationDeadline(booking.pickupAt),
    depositPaid: paid.some((payment) => payment.status === 'succeeded'),
  };
  return { booking, owner, car, history, payments: paid, chauffeur, cancellation, documents };
}

/** The caller's own bookings, newest first. */
export async function listOwnBookings(deps: BookingsDeps, auth: AccessClaims, query: { after?: string; limit: number }) {
  const rows = await listBookingsPage(deps.db, { userId: auth.userId, after: decodeCursor(query.after), limit: query.limit + 1 });
  return toPage(rows, query.limit);
}
