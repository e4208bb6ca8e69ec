import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { conflict } from '../../platform/lib/app-error.ts';
import type { BookingWithStops } from '../bookings-repository.ts';
import { placeMatchKeys } from '../../catalogue/places/route-match.ts';
import { findBusyCarIds, findListedMinutes, replaceHolds, type ListedMinutes } from './car-holds-repository.ts';
import { hireHoldLegs, holdLegs, tripMinutes, type HoldLeg } from './hold-legs.ts';
import { hireBlocks } from '@vtc/shared/booking/hire-times';

type HoldConfig = Pick<Config, 'HOLD_BUFFER_MINUTES' | 'AVERAGE_SPEED_KMH'>;
type HeldTrip = Pick<BookingWithStops, 'origin' | 'destination' | 'stops' | 'distanceKm' | 'pickupAt' | 'returnAt' | 'serviceType' | 'hireMinutes' | 'hireDays'>;

/** One way, as listed by the admin or estimated; a trip with stops is not the listed route (decision 0020). */
async function legMinutes(db: DbOrTx, config: HoldConfig, trip: HeldTrip, from: HeldTrip['origin'], to: HeldTrip['origin'], known?: ListedMinutes) {
  const [originKeys, destinationKeys] = [placeMatchKeys(from), placeMatchKeys(to)];
  const listed = trip.stops.length > 0 ? null : known ? known(originKeys, destinationKeys) : await findListedMinutes(db, originKeys, destinationKeys);
  return tripMinutes(trip.distanceKm, listed, config.AVERAGE_SPEED_KMH);
}

/**
 * The times the booking holds its car and its chauffeur, the one answer for every hold and check
 * (step two, the choice, confirmation, acceptance, phone bookings, changes, assignments, the
 * planning): a transfer's outbound, and its return when it has one; a hire's whole time, each day
 * of a hire by the day (decision 0127). `known`, the durations read once for many trips, saves a
 * query per leg.
 */
export async function bookingHoldLegs(db: DbOrTx, config: HoldConfig, trip: HeldTrip, known?: ListedMinutes): Promise<HoldLeg[]> {
  if (trip.serviceType !== 'transfer') {
    const blocks = hireBlocks(trip);
    if (blocks) return hireHoldLegs(blocks, config.HOLD_BUFFER_MINUTES);
  }
  const outbound = await legMinutes(db, config, trip, trip.origin, trip.destination, known);
  const back = trip.returnAt ? await legMinutes(db, config, trip, trip.destination, trip.origin, known) : outbound;
  return holdLegs(trip, { outbound, return: back }, config.HOLD_BUFFER_MINUTES);
}

/** Writes the booking's holds on its car, in the caller's transaction: 409 car_busy on overlap. */
export async function holdCar(tx: DbOrTx, config: HoldConfig, booking: HeldTrip & { id: number; carId: number | null }): Promise<void> {
  if (booking.carId === null) throw conflict('invalid_transition');
  await replaceHolds(tx, booking.id, booking.carId, await bookingHoldLegs(tx, config, booking));
}

/** 409 car_busy when another booking holds the car at some time of this trip. */
export async function assertCarFree(db: DbOrTx, config: HoldConfig, booking: HeldTrip & { id: number }, carId: number): Promise<void> {
  const busy = await findBusyCarIds(db, await bookingHoldLegs(db, config, booking), booking.id, carId);
  if (busy.size > 0) throw conflict('car_busy');
}
