import type { Tracking } from '@vtc/shared/missions/tracking-responses';
import { findBooking, isTrackingTokenValid, type BookingWithStops } from '../../booking/booking-public.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { readTogether } from '../../platform/db/read-together.ts';
import type { PlaceValue } from '../../platform/db/schema.ts';
import { AppError, notFound } from '../../platform/lib/app-error.ts';
import { findDriver } from '../drivers/drivers-repository.ts';
import { findLiveMissionLink, type MissionLinkRow } from '../missions/mission-links-repository.ts';
import { lastPosition } from './positions-repository.ts';
import { isSharing, isTripOver, tripEndOf, trackingUpdateOf, type TrackingConfig } from './tracking-updates.ts';

const ADMIN_ACCESS = { userId: 0, isAdmin: true } as const;

type TrackedTrip = { booking: BookingWithStops; link: MissionLinkRow | undefined };

/**
 * The trip behind a tracking link, or the refusal (decision 0132): a token that is not this
 * booking's signature 401 tracking_link_invalid (tampered, or another trip's); no such booking,
 * or one still a quote, 404 tracking_not_found; a cancelled or rejected trip 410
 * tracking_cancelled; a trip over (completed, done or no-show, or past the end of its last hold
 * leg on the clock) 410 tracking_over.
 */
export async function trackedTrip(db: DbOrTx, config: Pick<Config, 'JWT_SECRET'> & TrackingConfig, id: number, token: string): Promise<TrackedTrip> {
  if (!isTrackingTokenValid(config, id, token)) throw new AppError(401, 'tracking_link_invalid');
  const booking = await findBooking(db, id, ADMIN_ACCESS);
  if (!booking || booking.status === 'draft' || booking.status === 'car_selected') throw notFound('tracking_not_found');
  if (booking.status === 'cancelled' || booking.status === 'rejected') throw new AppError(410, 'tracking_cancelled');
  if (booking.status === 'completed') throw new AppError(410, 'tracking_over');
  const link = booking.driverId === null ? undefined : await findLiveMissionLink(db, id, booking.driverId);
  if (isTripOver(link?.status ?? null) || Date.now() > (await tripEndOf(db, config, booking)).getTime()) throw new AppError(410, 'tracking_over');
  return { booking, link };
}

const trackedPlace = (place: PlaceValue) => ({ title: place.title, lat: place.lat ?? null, lon: place.lon ?? null });

/** `GET /api/track/{id}?token=`: the trip's places, who drives, and from en_route until on_board where the car is. */
export async function getTracking(db: DbOrTx, config: Pick<Config, 'JWT_SECRET'> & TrackingConfig, id: number, token: string): Promise<Tracking> {
  const { booking, link } = await trackedTrip(db, config, id, token);
  const status = link?.status ?? null;
  const [position, driver, car] = await readTogether(db, [
    async () => (link && isSharing(status) ? lastPosition(db, link.id) : undefined),
    async () => (booking.driverId === null ? undefined : findDriver(db, booking.driverId)),
    async () => (booking.driverId === null || booking.carId === null ? undefined : findCar(db, booking.carId)),
  ]);
  return {
    id: booking.id,
    pickupAt: booking.pickupAt.toISOString(),
    origin: trackedPlace(booking.origin),
    stops: booking.stops.map(trackedPlace),
    destination: trackedPlace(booking.destination),
    driver: driver ? { firstName: driver.fullName.trim().split(/\s+/)[0] ?? driver.fullName } : null,
    car: car ? { name: car.name, plate: car.number } : null,
    ...trackingUpdateOf(config, booking, status, position, new Date()),
  };
}
