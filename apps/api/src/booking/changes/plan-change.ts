import type { BookingPlace } from '@vtc/shared/booking/booking-schemas';
import { fieldsSent, type ChangeBookingBody } from '@vtc/shared/booking/booking-change-schemas';
import { DEPOSIT_PERCENT } from '@vtc/shared/pricing/price-trip';
import { percentOfCents } from '@vtc/shared/pricing/round-cents';
import { checkCarFits } from '@vtc/shared/pricing/check-car-fits';
import { isPickupTimeValid } from '@vtc/shared/time/paris-time';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { PlaceValue } from '../../platform/db/schema.ts';
import { AppError, conflict, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { readCatalogue } from '../../catalogue/catalogue-snapshot.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import type { BookingsDeps } from '../booking-deps.ts';
import { partyOf } from '../booking-party.ts';
import { placeTrip, type PlacedTrip } from '../trip-route.ts';
import type { BookingWithStops, NewBooking } from '../bookings-repository.ts';
import { bookingHoldLegs } from '../holds/car-holds.ts';
import { findBusyCarIds } from '../holds/car-holds-repository.ts';
import { isDriverBusy } from '../holds/driver-holds-repository.ts';
import { clearedLeg } from '../flights/flight-legs.ts';
import type { HoldLeg } from '../holds/hold-legs.ts';
import { bookingDiscountOf } from '../pricing/company-discount.ts';
import { priceCar, pricingContext } from '../pricing/trip-pricing.ts';
import { startsFromDeparture } from '../hire/hire-columns.ts';
import { hireEndsAt } from '@vtc/shared/booking/hire-times';
import type { ComparedBooking } from './change-lines.ts';

/** The statuses a change may touch: confirmed and not yet driven (decisions 12). */
export const CHANGEABLE = new Set(['pending', 'accepted', 'paid']);

/** The texts of a booking a change may set or clear. */
const DETAIL_KEYS = [
  'address',
  'city',
  'arriveTime',
  'arriveFrom',
  'flightNumber',
  'trainNumber',
  'message',
  'returnAddress',
  'returnCity',
  'returnArriveTime',
  'returnArriveFrom',
  'returnFlightNumber',
  'returnTrainNumber',
] as const;
const RETURN_KEYS = new Set<string>(['returnAddress', 'returnCity', 'returnArriveTime', 'returnArriveFrom', 'returnFlightNumber', 'returnTrainNumber']);
/** What may still change once the outbound is picked up: the return's time and details, the message and the price (decision 0171). */
const RETURN_LEG_FIELDS = new Set<string>(['returnDate', ...RETURN_KEYS, 'message', 'priceCents', 'priceReason']);

/** Whether a change sets nothing but the return leg's fields. */
function changesOnlyTheReturn(change: ChangeBookingBody): boolean {
  return change.pickupAt === undefined && fieldsSent(change).every((field) => RETURN_LEG_FIELDS.has(field));
}

export type PlanOptions = {
  /**
   * A followed flight's delay moves the pickup (decision 0144): the lead time does not apply, the
   * pickup may be moved while its first time is past, and the price stays as booked.
   */
  flight?: boolean;
};

/** What a change would make of a booking, priced and checked, before anything is written. */
export type ChangePlan = {
  before: ComparedBooking;
  after: ComparedBooking;
  /** The columns to write. */
  values: Partial<NewBooking>;
  /** The times the changed trip holds its car; null when neither time, route nor car moved. */
  legs: HoldLeg[] | null;
  /** Whether the changed car takes the changed party. */
  carFits: boolean;
  /** Whether the booking's car cannot take the changed trip: too small for the party, or held by another booking then. */
  needsOtherCar: boolean;
  /** Whether the booking's chauffeur has another trip at the changed times. */
  driverBusy: boolean;
};

const asPlace = (place: PlaceValue): BookingPlace => ({
  title: place.title,
  type: place.type,
  placeId: place.placeId ?? undefined,
  lat: place.lat ?? undefined,
  lon: place.lon ?? undefined,
});

/** Places and measures the changed route, outside any transaction (a maps call); undefined when the places do not change. */
export async function locateChange(deps: Pick<BookingsDeps, 'db' | 'places' | 'log'>, booking: BookingWithStops, change: ChangeBookingBody): Promise<PlacedTrip | undefined> {
  if (!change.origin && !change.destination && !change.stop) return undefined;
  return placeTrip(deps, {
    origin: change.origin ?? asPlace(booking.origin),
    // A hire without a drop-off ends where it starts, wherever that moves (issue 22).
    destination: change.destination ?? (booking.hasDropOff ? asPlace(booking.destination) : undefined),
    stop: change.stop ?? booking.stops.map(asPlace),
  });
}

/**
 * The booking as the change makes it, in the caller's transaction on the locked booking
 * (decision 0120): a new pickup keeps the 2-hour lead time, the return follows the pickup, the
 * party must fit the car; the trip is priced again by the shared rule when what its price depends
 * on moves (time, route, party, return, car), or takes the company's manual price. The car and the
 * chauffeur are looked at, not yet held: `needsOtherCar` and `driverBusy` say what writing it would meet.
 */
export async function planChange(
  tx: DbOrTx,
  deps: Pick<BookingsDeps, 'config'>,
  booking: BookingWithStops,
  change: ChangeBookingBody,
  located: PlacedTrip | undefined,
  now: Date,
  options: PlanOptions = {},
): Promise<ChangePlan> {
  if (!CHANGEABLE.has(booking.status)) throw conflict('invalid_transition');
  const pickupAt = change.pickupAt ?? booking.pickupAt;
  if (options.flight) {
    // A flight's delay may move a pickup already close, or just past while the plane is late
    // (decision 0144): the outbound's, or the return's (decision 0171).
    if ((change.returnAt ?? pickupAt).getTime() <= now.getTime()) throw conflict('invalid_transition');
  } else if (booking.pickupAt.getTime() <= now.getTime()) {
    // Once the outbound is picked up, a round trip's return may still change until its own pickup;
    // nothing else of the trip may (decision 0171).
    const returnAhead = booking.returnRent && booking.returnAt !== null && booking.returnAt.getTime() > now.getTime();
    if (!returnAhead) throw conflict('invalid_transition');
    if (!changesOnlyTheReturn(change)) throw conflict('return_only');
  }
  if (change.pickupAt && !options.flight && !isPickupTimeValid(pickupAt, now)) throw fieldError('date', 'time_not_valid');
  const hire = booking.serviceType !== 'transfer';
  // A hire is one block of time: no return, no stops (issue 22).
  if (hire && change.returnRent) throw fieldError('returnRent', 'invalid_value');
  if (hire && change.stop && change.stop.length > 0) throw fieldError('stop', 'invalid_value');
  const returnRent = change.returnRent ?? booking.returnRent;
  const returnAt = returnRent ? (change.returnAt ?? booking.returnAt) : null;
  if (returnRent && !returnAt) throw fieldError('returnDate', 'required');
  if (returnAt && (change.returnAt || change.pickupAt)) {
    if (returnAt.getTime() <= pickupAt.getTime()) throw fieldError('returnDate', 'return_date_invalid');
    if (!options.flight && !isPickupTimeValid(returnAt, now)) throw fieldError('returnDate', 'time_not_valid');
  }
  const values: Partial<NewBooking> = { pickupAt, returnRent, returnAt };
  // A hire's booked end follows its pickup.
  if (hire) values.endsAt = hireEndsAt({ ...booking, pickupAt });
  if (hire && change.destination) values.hasDropOff = true;
  if (located) {
    Object.assign(values, {
      origin: located.origin,
      destination: located.destination,
      rentFromType: located.origin.type,
      rentToType: located.destination.type,
      distanceKm: located.distance.km,
      distanceEstimated: located.distance.estimated,
      priceListEntryId: located.priceListEntryId,
    });
  }
  if (change.passengers) Object.assign(values, { adults: change.passengers.adults, children: change.passengers.children, childrenSeat: change.passengers.childrenSeat });
  if (change.packages) {
    Object.assign(values, { luggageUnder10kg: change.packages.under10kg, luggageAbove10kg: change.packages.above10kg, luggageAbove30kg: change.packages.above30kg });
  }
  // Another flight is followed afresh (decision 0144).
  if (change.flightNumber !== undefined && change.flightNumber !== booking.flightNumber) {
    Object.assign(values, clearedLeg('outbound'));
  }
  if ((change.returnFlightNumber !== undefined && change.returnFlightNumber !== booking.returnFlightNumber) || returnRent !== booking.returnRent) {
    Object.assign(values, clearedLeg('return'));
  }
  for (const key of DETAIL_KEYS) {
    const sent = change[key];
    if (!returnRent && RETURN_KEYS.has(key)) values[key] = null;
    else if (sent !== undefined) values[key] = sent;
  }
  const carId = change.carId ?? booking.carId;
  if (carId === null) throw conflict('invalid_transition');
  values.carId = carId;

  const next: BookingWithStops = { ...booking, ...values, stops: located ? located.stops : booking.stops } as BookingWithStops;
  // One after the other: a transaction's queries share one connection.
  // A tour still starts from one of its departures.
  if (located && booking.serviceType === 'tour' && booking.tourId !== null) {
    const tour = (await readCatalogue(tx)).tours.get(booking.tourId);
    if (tour && !startsFromDeparture(tour, located.origin)) throw fieldError('origin', 'tour_departure_unknown');
  }
  const car = await findCar(tx, carId);
  const carBefore = booking.carId === carId ? undefined : booking.carId === null ? null : await findCar(tx, booking.carId);
  if (!car) throw notFound('car_not_exist');
  const fits = checkCarFits(car, partyOf(next));

  const priceMoves =
    !options.flight &&
    (change.priceCents !== undefined ||
    Boolean(change.pickupAt || located || change.passengers || change.packages || change.returnRent !== undefined || change.returnAt || carId !== booking.carId));
  if (change.priceCents !== undefined && !options.flight) {
    // The company's manual price, with its reason (decisions 12); the car must still take the party.
    const total = change.priceCents;
    Object.assign(values, {
      oneWayCents: returnRent ? Math.round(total / 2) : total,
      holidaySurchargeCents: 0,
      totalCents: total,
      depositCents: percentOfCents(total, DEPOSIT_PERCENT),
    });
  } else if (priceMoves && fits) {
    const catalogue = await readCatalogue(tx);
    // A company's booking keeps the company's discount when it changes (decision 0150).
    const context = pricingContext(catalogue, next, carId, await bookingDiscountOf(tx, booking));
    const offered = context.cars[0];
    // A car the customers cannot book (hidden) is priced by the company by hand.
    if (!offered) throw new AppError(409, 'no_pricing_band');
    const price = priceCar(next, offered, context, deps.config.HOLIDAY_SURCHARGE_PERCENT, returnRent);
    if (!price.bookable) throw new AppError(price.reason === 'car_not_allowed' ? 400 : 409, price.reason);
    Object.assign(values, {
      oneWayCents: price.oneWayCents,
      holidaySurchargeCents: price.holidaySurchargeCents,
      totalCents: price.totalCents,
      depositCents: price.depositCents,
    });
  }
  const after: ComparedBooking = { ...next, ...values, carName: car.name } as ComparedBooking;

  const timingMoves = Boolean(change.pickupAt || located || change.returnRent !== undefined || change.returnAt || carId !== booking.carId);
  const legs = timingMoves ? await bookingHoldLegs(tx, deps.config, after) : null;
  const busy = legs ? (await findBusyCarIds(tx, legs, booking.id, carId)).size > 0 : false;
  const driverBusy = legs !== null && booking.driverId !== null && (await isDriverBusy(tx, booking.driverId, legs, booking.id));
  const before: ComparedBooking = { ...booking, carName: carBefore === undefined ? car.name : (carBefore?.name ?? null) };
  return { before, after, values, legs, carFits: fits, needsOtherCar: !fits || busy, driverBusy };
}
