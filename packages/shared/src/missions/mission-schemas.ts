import { z } from 'zod';
import { idField } from '../validation/form-fields.ts';

/**
 * The chauffeur's mission statuses, in the only order they may be given (decision 0083): on the
 * way, at the pickup, passenger on board, trip done. `done` completes the booking.
 */
export const MISSION_STATUSES = ['en_route', 'on_site', 'on_board', 'done'] as const;
export const MissionStatus = z.enum(MISSION_STATUSES, { error: 'invalid_value' });
export type MissionStatus = z.infer<typeof MissionStatus>;

/** The status that may follow `current` (null: none given yet); null after `done`. */
export function nextMissionStatus(current: MissionStatus | null): MissionStatus | null {
  if (current === null) return MISSION_STATUSES[0];
  return MISSION_STATUSES[MISSION_STATUSES.indexOf(current) + 1] ?? null;
}

/** Whether `status` may be recorded after `current`: the next one, or the current one again (a repeat changes nothing). */
export function isMissionStepAllowed(current: MissionStatus | null, status: MissionStatus): boolean {
  return status === current || status === nextMissionStatus(current);
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
