import { z } from 'zod';
import { parisDateTimeField } from '../booking/booking-schemas.ts';
import { idField, integerField } from '../validation/form-fields.ts';

/**
 * The chauffeur's mission statuses, in the only order they may be given (decision 0083): on the
 * way, at the pickup, passenger on board, trip done. `done` completes the booking.
 */
export const MISSION_STEPS = ['en_route', 'on_site', 'on_board', 'done'] as const;
/**
 * The steps, and `no_show`: the passenger did not come. It leaves `on_site` only, once the
 * waiting time included is over (decision 0117), instead of `on_board`; the company confirms it.
 */
export const MISSION_STATUSES = [...MISSION_STEPS, 'no_show'] as const;
export const MissionStatus = z.enum(MISSION_STATUSES, { error: 'invalid_value' });
export type MissionStatus = z.infer<typeof MissionStatus>;

/** The step that may follow `current` (null: none given yet); null after `done` or `no_show`. */
export function nextMissionStatus(current: MissionStatus | null): MissionStatus | null {
  if (current === null) return MISSION_STEPS[0];
  if (current === 'no_show') return null;
  return MISSION_STEPS[MISSION_STEPS.indexOf(current) + 1] ?? null;
}

/**
 * Whether `status` may be recorded after `current`: the next one, the current one again (a
 * repeat changes nothing), or `no_show` from `on_site`.
 */
export function isMissionStepAllowed(current: MissionStatus | null, status: MissionStatus): boolean {
  if (status === 'no_show' && current === 'on_site') return true;
  return status === current || status === nextMissionStatus(current);
}

/** What the clock rules of the steps need (decision 0117). */
export interface MissionClock {
  pickupAt: Date;
  /** When the last leg starts: the pickup, or the return's for a return trip. */
  lastLegAt: Date;
  /** `MISSION_EN_ROUTE_HOURS`: how long before pickup the chauffeur may set off. */
  enRouteHours: number;
  /** The waiting time included at this pickup (waiting-time.ts). */
  waitingMinutes: number;
}

/**
 * From when `status` may be recorded: `en_route` a configurable time before pickup, `done` at
 * pickup (the return's for a return trip), `no_show` once the waiting time included is over; `on_site` and `on_board` only follow
 * the order. null: no clock rule.
 */
export function missionStepOpensAt(status: MissionStatus, clock: MissionClock): Date | null {
  const pickup = clock.pickupAt.getTime();
  if (status === 'en_route') return new Date(pickup - clock.enRouteHours * 3_600_000);
  if (status === 'done') return clock.lastLegAt;
  if (status === 'no_show') return new Date(pickup + clock.waitingMinutes * 60_000);
  return null;
}

/** The mission link's secret: 43 base64url characters, as random-token.ts makes them. */
export const MissionToken = z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'token_invalid');

/** `PUT /api/booking/assign/{id}` (admin): the chauffeur and the car of an accepted or paid booking. */
export const AssignBody = z.object({
  driverId: idField(),
  carId: idField(),
});
export type AssignBody = z.infer<typeof AssignBody>;

/** `GET /api/mission/{id}?token=` */
export const MissionQuery = z.object({ token: MissionToken });
export type MissionQuery = z.infer<typeof MissionQuery>;

/** `PUT /api/mission/status/{id}` */
export const MissionStatusBody = z.object({ token: MissionToken, status: MissionStatus });
export type MissionStatusBody = z.infer<typeof MissionStatusBody>;

/** The most km a chauffeur may record for one hire (a week by the day is far below). */
export const MAX_HIRE_KM = 10_000;

/**
 * `PUT /api/mission/end/{id}`: the chauffeur ends a hire (decision 0137): when it ended, on Paris
 * clocks (`datetime-local` text), and the km driven in all, whole km from the odometer. The API
 * refuses an end before the booked one (overtime_before_end) or still to come (hire_end_in_future).
 */
export const MissionEndBody = z.object({
  token: MissionToken,
  endedAt: parisDateTimeField(),
  km: integerField(0, MAX_HIRE_KM),
});
export type MissionEndBody = z.infer<typeof MissionEndBody>;
/** What the chauffeur's form holds before parsing. */
export type MissionEndInput = z.input<typeof MissionEndBody>;
