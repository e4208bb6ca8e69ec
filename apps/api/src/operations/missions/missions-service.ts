import {
  bookingTerms,
  completeTrip,
  findBookedHireRate,
  findBooking,
  finishHire,
  invoiceLinesOfBooking,
  kmHoursOf,
  readHireFacts,
  lastLegStart,
  lockBooking,
  partyOf,
  recordBalance,
  recordTransition,
  settlementOf,
  voucherPdf,
  type BookingWithStops,
  type PdfFile,
} from '../../booking/booking-public.ts';
import type { Config } from '../../config.ts';
import { isMissionStepAllowed, missionStepOpensAt, nextMissionStatus, type MissionStatus } from '@vtc/shared/missions/mission-schemas';
import type { BalanceBody } from '@vtc/shared/booking/booking-balance';
import { hasNameSign } from '@vtc/shared/booking/booking-info-schemas';
import type { Mission, MissionHire, MissionOff, MissionOffReason, MissionPlace } from '@vtc/shared/missions/mission-responses';
import type { MissionEndBody } from '@vtc/shared/missions/mission-schemas';
import { parseParisDateTimeLocal, toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import type { PlaceValue } from '../../platform/db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/lib/app-error.ts';
import { findCar } from '../../catalogue/cars/cars-repository.ts';
import { findDriver, type DriverRow } from '../drivers/drivers-repository.ts';
import { findMissionLink, listMissionSteps, setMissionLinkStatus, type MissionLinkRow } from './mission-links-repository.ts';
import { queueChauffeurEnRouteMail, queueNoShowReportedCompanyMail } from '../mails/mission-mails.ts';
import { queueEnRouteText, queueOnSiteText } from '../mails/mission-texts.ts';
import { readTogether } from '../../platform/db/read-together.ts';
import { lastPosition } from '../tracking/positions-repository.ts';
import { isTripOver, publishTrackingEvent, trackingUpdateOf } from '../tracking/tracking-updates.ts';

const ADMIN_ACCESS = { userId: 0, isAdmin: true } as const;
/** The booking statuses a chauffeur drives: before them (pending) and after (cancelled, rejected) there is no mission. */
const OPEN_STATUSES = new Set(['accepted', 'paid']);

/** The booking statuses that end a trip before it is driven. */
const isEnded = (status: BookingWithStops['status']): status is 'cancelled' | 'rejected' => status === 'cancelled' || status === 'rejected';

const forbidden = (code: 'mission_link_revoked' | 'mission_link_expired') => new AppError(403, code);

type LinkState = { off: null; link: MissionLinkRow } | { off: MissionOffReason };

/**
 * The link behind a token (decisions 0083, 0109): another booking's token or a wrong one is 404
 * mission_link_invalid; a link killed by a new assignment, or no longer the booking's chauffeur,
 * is off (reassigned), as is one whose booking was cancelled or rejected (cancelled), whatever
 * its expiry; a live one past its expiry is 403 mission_link_expired.
 */
async function linkState(db: DbOrTx, booking: BookingWithStops | undefined, id: number, token: string, lock = false): Promise<LinkState> {
  const link = booking ? await findMissionLink(db, id, token, { lock }) : undefined;
  if (!booking || !link) throw notFound('mission_link_invalid');
  if (link.revokedAt !== null || booking.driverId !== link.driverId) return { off: 'reassigned' };
  if (isEnded(booking.status)) return { off: 'cancelled' };
  if (link.expired) throw forbidden('mission_link_expired');
  return { off: null, link };
}

/**
 * What an off link may still do (decision 0109): say that the trip is off, nothing more. Steps and
 * the voucher are refused: 403 mission_link_revoked for a trip given to another chauffeur, 409
 * mission_closed for a cancelled one, the answers these two cases always had.
 */
export async function usableLink(db: DbOrTx, booking: BookingWithStops | undefined, id: number, token: string, lock = false): Promise<MissionLinkRow> {
  const state = await linkState(db, booking, id, token, lock);
  if (state.off !== null) throw state.off === 'reassigned' ? forbidden('mission_link_revoked') : conflict('mission_closed');
  return state.link;
}

const mapsUrl = (place: PlaceValue, typed: string | null) => {
  const query = typed ? `${typed}, ${place.title}` : place.lat != null && place.lon != null ? `${place.lat},${place.lon}` : place.title;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
};

const missionPlace = (place: PlaceValue, typed: string | null = null): MissionPlace => ({
  title: place.title,
  address: typed,
  navigationUrl: mapsUrl(place, typed),
});

/** The clock rules of this booking's steps (decision 0117). */
const clockOf = (config: MissionConfig, booking: BookingWithStops) => ({
  pickupAt: booking.pickupAt,
  lastLegAt: lastLegStart(booking),
  enRouteHours: config.MISSION_EN_ROUTE_HOURS,
  waitingMinutes: bookingTerms(config, booking).waitingMinutes,
});

type MissionConfig = Pick<Config, 'MISSION_EN_ROUTE_HOURS' | 'WAITING_MINUTES_AIRPORT' | 'WAITING_MINUTES_STATION' | 'WAITING_MINUTES_OTHER'>;

/**
 * A hire or a tour as the chauffeur's page shows it (decision 0137): its blocks of time, the km
 * included at the booked rate and, once ended, what the invoice added (billed minutes, extra km).
 */
async function missionHire(db: DbOrTx, booking: BookingWithStops): Promise<MissionHire | null> {
  const facts = await readHireFacts(db, booking);
  if (!facts) return null;
  const rate = await findBookedHireRate(db, booking);
  const kmHours = rate ? kmHoursOf(facts, rate) : null;
  const lines = booking.endedAt ? await invoiceLinesOfBooking(db, booking.id) : null;
  const line = (kind: 'overtime' | 'extra_km') => lines?.find((entry) => entry.kind === kind);
  return {
    serviceType: facts.serviceType,
    hours: facts.hours,
    days: facts.days,
    tourName: facts.tourName,
    programme: facts.programme,
    hasDropOff: facts.hasDropOff,
    endsAt: facts.endsAt.toISOString(),
    endsLocal: toParisDateTimeLocal(facts.endsAt),
    periods: facts.periods.map((period) => ({ day: facts.serviceType === 'daily' ? period.day : null, start: period.from.toISOString(), end: period.to.toISOString() })),
    kmIncluded: rate && kmHours !== null ? rate.kmIncludedPerHour * kmHours : null,
    endedAt: booking.endedAt?.toISOString() ?? null,
    endKm: booking.endKm,
    overtimeMinutes: booking.endedAt ? (line('overtime')?.minutes ?? 0) : null,
    overtimeCents: booking.overtimeCents,
    extraKm: booking.endedAt ? (line('extra_km')?.km ?? 0) : null,
    extraKmCents: booking.extraKmCents,
  };
}

async function toMission(db: DbOrTx, config: MissionConfig, booking: BookingWithStops, link: MissionLinkRow, driver: DriverRow): Promise<Mission> {
  const [car, settlement, steps, hire] = await readTogether(db, [
    async () => (booking.carId === null ? undefined : findCar(db, booking.carId)),
    () => settlementOf(db, booking),
    () => listMissionSteps(db, booking.id, link.createdAt),
    () => missionHire(db, booking),
  ]);
  const open = OPEN_STATUSES.has(booking.status);
  const next = open ? nextMissionStatus(link.status) : null;
  const clock = clockOf(config, booking);
  const pickupAddress = [booking.address, booking.city].filter(Boolean).join(', ') || null;
  const returnAddress = [booking.returnAddress, booking.returnCity].filter(Boolean).join(', ') || null;
  const { luggage, ...party } = partyOf(booking);
  return {
    id: booking.id,
    bookingStatus: booking.status,
    status: link.status,
    next,
    nextOpensAt: next ? (missionStepOpensAt(next, clock)?.toISOString() ?? null) : null,
    noShowOpensAt: open && link.status === 'on_site' ? missionStepOpensAt('no_show', clock)!.toISOString() : null,
    driverName: driver.fullName,
    pickupAt: booking.pickupAt.toISOString(),
    pickupLocal: toParisDateTimeLocal(booking.pickupAt),
    pickup: missionPlace(booking.origin, pickupAddress),
    stops: booking.stops.map((stop) => missionPlace(stop)),
    destination: missionPlace(booking.destination),
    returnTrip:
      booking.returnRent && booking.returnAt
        ? {
            pickupAt: booking.returnAt.toISOString(),
            pickupLocal: toParisDateTimeLocal(booking.returnAt),
            address: returnAddress,
            flightNumber: booking.returnFlightNumber,
            trainNumber: booking.returnTrainNumber,
          }
        : null,
    passenger: { name: booking.fullName ?? '', phone: booking.phone ?? '' },
    signName: hasNameSign(booking.rentFromType) ? (booking.signName ?? booking.fullName) : null,
    party,
    luggage,
    flightNumber: booking.flightNumber,
    trainNumber: booking.trainNumber,
    arriveFrom: booking.arriveFrom,
    arriveTime: booking.arriveTime,
    message: booking.message,
    car: car ? { name: car.name, model: car.model, plate: car.number } : null,
    balanceCents: booking.status === 'cancelled' || booking.status === 'rejected' ? 0 : settlement.balanceDueCents,
    onAccount: booking.companyId !== null,
    balances: settlement.balances.map((row) => ({ amountCents: row.amountCents, method: row.method, at: row.createdAt.toISOString() })),
    history: steps.flatMap((step) => (step.status ? [{ status: step.status, at: step.at.toISOString() }] : [])),
    hire,
  };
}

async function driverOf(db: DbOrTx, link: MissionLinkRow): Promise<DriverRow> {
  const driver = await findDriver(db, link.driverId);
  // The link's row cascades with the chauffeur's, so a live link always has one.
  if (!driver) throw notFound('mission_link_invalid');
  return driver;
}

/**
 * `GET /api/mission/{id}?token=`: this booking's mission, nothing of any other; once the trip is
 * off for this link's chauffeur, only that it is off and why (decision 0109).
 */
export async function getMission(db: Db, config: MissionConfig, id: number, token: string): Promise<Mission | Omit<MissionOff, 'message'>> {
  const booking = await findBooking(db, id, ADMIN_ACCESS);
  const state = await linkState(db, booking, id, token);
  if (state.off !== null) {
    const bookingStatus = state.off === 'cancelled' && isEnded(booking!.status) ? booking!.status : null;
    return { id, status: 'off', reason: state.off, bookingStatus, next: null };
  }
  return toMission(db, config, booking!, state.link, await driverOf(db, state.link));
}

/**
 * The booking voucher (decision 0087) for the chauffeur to show on request during the trip: the
 * link's token is checked as for the mission itself; the latest version, the customer's copy (French,
 * their language beneath, decision 0122).
 */
export async function missionVoucherPdf(db: Db, id: number, token: string): Promise<PdfFile> {
  const booking = await findBooking(db, id, ADMIN_ACCESS);
  await usableLink(db, booking, id, token);
  return voucherPdf(db, ADMIN_ACCESS, id, {}, 'customer');
}

/**
 * A chauffeur's step (decision 0083): en_route -> on_site -> on_board -> done, one at a time, or
 * no_show from on_site; the current step again changes nothing; any other is 409
 * mission_status_order. Steps follow the clock (decision 0117): en_route opens
 * MISSION_EN_ROUTE_HOURS before pickup (409 mission_step_too_early), done at pickup (409
 * trip_not_started), no_show once the waiting time included is over (409 no_show_too_early),
 * each message saying from when. Each step is kept in the booking's history (actor driver) when
 * it happens; en_route mails the customer then, and texts them (with on_site) when they agreed to
 * texts (decision 0130); done completes the booking, accepted or paid,
 * through the admin's own path (completeTrip), which issues the invoice. no_show leaves the
 * booking as it is for the company to confirm, and mails the company at once. A booking no
 * longer accepted or paid (cancelled, or closed by the company) is 409 mission_closed.
 */
export async function recordMissionStatus(
  deps: { db: Db; config: Config },
  id: number,
  token: string,
  status: MissionStatus,
): Promise<{ mission: Mission; changed: boolean }> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    const link = await usableLink(tx, booking, id, token, true);
    const driver = await driverOf(tx, link);
    let current = booking!;
    if (status === link.status) return { mission: await toMission(tx, deps.config, current, link, driver), changed: false };
    if (!OPEN_STATUSES.has(current.status)) throw conflict('mission_closed');
    if (!isMissionStepAllowed(link.status, status)) throw conflict('mission_status_order');
    // A hire ends with its end time and km (decision 0137): PUT /api/mission/end.
    if (status === 'done' && current.serviceType !== 'transfer') throw conflict('hire_end_required');
    const opensAt = missionStepOpensAt(status, clockOf(deps.config, current));
    if (opensAt && Date.now() < opensAt.getTime()) throw new AppError(409, TOO_EARLY[status], { from: opensAt });

    await setMissionLinkStatus(tx, link.id, status);
    const actor = { userId: null, kind: 'driver' } as const;
    if (status === 'done') {
      current = await completeTrip(tx, deps.config, current, actor, { missionStatus: status });
    } else {
      await recordTransition(tx, { bookingId: id, from: current.status, to: current.status, actor, missionStatus: status });
    }
    if (status === 'en_route') {
      await queueChauffeurEnRouteMail(tx, deps.config, current, driver);
      await queueEnRouteText(tx, deps, current, driver);
    }
    if (status === 'on_site') await queueOnSiteText(tx, deps, current, driver);
    if (status === 'no_show') await queueNoShowReportedCompanyMail(tx, deps, current, driver);
    // The customer's tracking page follows the steps (decision 0132): a step, or the end of the trip.
    const position = status === 'on_site' ? await lastPosition(tx, link.id) : undefined;
    await publishTrackingEvent(tx, {
      bookingId: id,
      event: isTripOver(status) ? 'over' : 'status',
      update: isTripOver(status) ? null : trackingUpdateOf(deps.config, current, status, position, new Date()),
    });
    return { mission: await toMission(tx, deps.config, current, { ...link, status }, driver), changed: true };
  });
}

const TOO_EARLY = { en_route: 'mission_step_too_early', on_site: 'mission_step_too_early', on_board: 'mission_step_too_early', done: 'trip_not_started', no_show: 'no_show_too_early' } as const;

/**
 * `PUT /api/mission/balance/{id}`: the chauffeur records what was collected at the end of the
 * trip, and how (decision 0117), by the same rule and under the same row lock as the company's.
 */
export async function recordMissionBalance(deps: { db: Db; config: Config }, id: number, token: string, body: BalanceBody): Promise<Mission> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    const link = await usableLink(tx, booking, id, token, true);
    const driver = await driverOf(tx, link);
    await recordBalance(tx, booking!, body, { kind: 'driver', userId: null });
    return toMission(tx, deps.config, booking!, link, driver);
  });
}

/**
 * `PUT /api/mission/end/{id}`: the chauffeur ends a hire or a tour (decision 0137), its "done":
 * the end (Paris wall time) and the km are recorded, overtime and extra km priced and added to
 * the invoice (finishHire), the booking completed; under the booking's row lock, like a step.
 * Only after "passenger on board" (409 mission_status_order), only a hire (409 not_a_hire);
 * 400 overtime_before_end or hire_end_in_future on `endedAt`; nothing is saved on a refusal.
 */
export async function endMissionHire(
  deps: { db: Db; config: Config; log: FastifyBaseLogger },
  id: number,
  token: string,
  body: Omit<MissionEndBody, 'token'>,
): Promise<Mission> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    const link = await usableLink(tx, booking, id, token, true);
    const driver = await driverOf(tx, link);
    const current = booking!;
    if (!OPEN_STATUSES.has(current.status)) throw conflict('mission_closed');
    if (current.serviceType === 'transfer') throw conflict('not_a_hire');
    if (!isMissionStepAllowed(link.status, 'done') || link.status === 'done') throw conflict('mission_status_order');
    const endedAt = parseParisDateTimeLocal(body.endedAt)!;
    const ended = await finishHire(tx, deps, current, { endedAt, km: body.km }, { userId: null, kind: 'driver' }, { missionStatus: 'done' });
    await setMissionLinkStatus(tx, link.id, 'done');
    // The customer's tracking page learns the trip is over, as for a transfer's "done" (decision 0132).
    await publishTrackingEvent(tx, { bookingId: id, event: 'over', update: null });
    return toMission(tx, deps.config, ended, { ...link, status: 'done' }, driver);
  });
}
