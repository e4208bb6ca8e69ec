import type { AssignBody } from '@vtc/shared/missions/mission-schemas';
import { checkCarFits } from '@vtc/shared/pricing/check-car-fits';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import { bookingHoldLegs, isDriverBusy, issueVoucherVersion, lockBooking, partyOf, replaceHolds, updateBooking, type BookingWithStops, type HoldLeg } from '../../booking/booking-public.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import { lockDriver } from '../drivers/drivers-repository.ts';
import { issueMissionLink, revokeMissionLinks } from '../missions/mission-links-repository.ts';
import { queueMissionLinkMail, queuePassengerChauffeurMail, queueYourChauffeurMail } from '../mails/mission-mails.ts';
import { queueChauffeurAssignedText, queueMissionLinkText } from '../mails/mission-texts.ts';

export type AssignDeps = { db: Db; config: Config };

const ADMIN_ACCESS = { userId: 0, isAdmin: true } as const;
/** A mission link lives until this long after the end of the trip's last hold ("the day after the trip", decisions §9). */
export const MISSION_LINK_HOURS_AFTER = 24;

export function missionLinkExpiry(legs: readonly HoldLeg[]): Date {
  const end = Math.max(...legs.map((leg) => leg.to.getTime()));
  return new Date(end + MISSION_LINK_HOURS_AFTER * 3_600_000);
}

/**
 * Gives an accepted or paid booking its chauffeur and car (decision 0082), in one transaction:
 * the booking and the chauffeur's rows are locked (as the chauffeur's delete does), then the
 * chauffeur must exist (404 driver_not_found), be active (409 driver_inactive) and have no other
 * trip whose hold overlaps this one (409 driver_busy); the car must exist (404 car_not_exist),
 * take the party (409 car_not_allowed) and be free (the exclusion constraint: 409 car_busy).
 * The booking's holds move to the car; older mission links die; the chauffeur is mailed a new
 * link and the customer "your chauffeur", each by text as well (decision 0130). The same chauffeur
 * and car again changes nothing.
 */
export async function assignBooking(deps: AssignDeps, id: number, body: AssignBody): Promise<BookingWithStops> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking) throw notFound('booking_not_found');
    if (booking.status !== 'accepted' && booking.status !== 'paid') throw conflict('invalid_transition');
    const car = await findCar(tx, body.carId);
    if (!car) throw notFound('car_not_exist');
    const driver = await lockDriver(tx, body.driverId);
    if (!driver) throw notFound('driver_not_found');
    if (!driver.active) throw conflict('driver_inactive');
    if (booking.driverId === driver.id && booking.carId === car.id) return booking;

    if (!checkCarFits(car, partyOf(booking))) throw conflict('car_not_allowed');
    const legs = await bookingHoldLegs(tx, deps.config, booking);
    if (await isDriverBusy(tx, driver.id, legs, booking.id)) throw conflict('driver_busy');
    await replaceHolds(tx, booking.id, car.id, legs);

    const updated = { ...(await updateBooking(tx, booking.id, { driverId: driver.id, carId: car.id })), stops: booking.stops };
    await revokeMissionLinks(tx, booking.id);
    const expiresAt = missionLinkExpiry(legs);
    const token = await issueMissionLink(tx, booking.id, driver.id, expiresAt);
    await queueMissionLinkMail(tx, deps, updated, driver, { token, expiresAt });
    await queueYourChauffeurMail(tx, updated, driver, car);
    // By text too: the chauffeur's link, and the customer's "your chauffeur" if they agreed (decision 0130).
    await queueMissionLinkText(tx, deps, updated, driver, token);
    await queueChauffeurAssignedText(tx, deps, updated, driver, car);
    await queuePassengerChauffeurMail(tx, updated, driver, car);
    // The voucher names the car, its plate and the chauffeur: a change issues a new version (decision 0087).
    await issueVoucherVersion(tx, deps.config, booking.id);
    return updated;
  });
}
