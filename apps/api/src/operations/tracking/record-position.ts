import { POSITION_CLOCK_SKEW_MS, type PositionBody } from '@vtc/shared/missions/tracking-schemas';
import type { TrackingUpdate } from '@vtc/shared/missions/tracking-responses';
import { lockBooking } from '../../booking/booking-public.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError, conflict } from '../../platform/lib/app-error.ts';
import { listMissionSteps } from '../missions/mission-links-repository.ts';
import { usableLink } from '../missions/missions-service.ts';
import { insertPosition, lastPosition } from './positions-repository.ts';
import { isSharing, publishTrackingEvent, trackingUpdateOf, tripEndOf } from './tracking-updates.ts';

const ADMIN_ACCESS = { userId: 0, isAdmin: true } as const;

type PositionConfig = Pick<Config, 'AVERAGE_SPEED_KMH' | 'HOLD_BUFFER_MINUTES' | 'POSITION_RETENTION_HOURS'>;

/**
 * `POST /api/mission/position/{id}` (decision 0132): one position of the chauffeur's phone,
 * through the mission link (its refusals as for the steps: 404, 403 revoked or expired, 409
 * mission_closed). Taken only from en_route until on_board: before, 409 position_not_yet; from
 * on_board, 409 position_sharing_over. Its time must lie between the en_route step and now (the
 * phone's clock may be up to two minutes ahead), else 422 position_time_invalid, and come after
 * the last one received (409 position_out_of_order). Kept until POSITION_RETENTION_HOURS after the
 * trip's end; every process's tracking pages of the trip get it once the transaction commits.
 * The link's row is locked, as a step locks it, so a position never lands after "on board".
 */
export async function recordPosition(deps: { db: Db; config: PositionConfig }, id: number, body: PositionBody): Promise<TrackingUpdate> {
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    const link = await usableLink(tx, booking, id, body.token, true);
    if (booking!.status !== 'accepted' && booking!.status !== 'paid') throw conflict('mission_closed');
    if (link.status === null) throw conflict('position_not_yet');
    if (!isSharing(link.status)) throw conflict('position_sharing_over');

    const now = new Date();
    const steps = await listMissionSteps(tx, id, link.createdAt);
    const enRouteAt = steps.find((step) => step.status === 'en_route')?.at ?? link.createdAt;
    const at = body.at.getTime();
    if (at > now.getTime() + POSITION_CLOCK_SKEW_MS || at < enRouteAt.getTime() - POSITION_CLOCK_SKEW_MS) throw new AppError(422, 'position_time_invalid');
    const last = await lastPosition(tx, link.id);
    if (last && at <= last.recordedAt.getTime()) throw conflict('position_out_of_order');

    const tripEnd = await tripEndOf(tx, deps.config, booking!);
    const keepUntil = new Date(Math.max(tripEnd.getTime(), now.getTime()) + deps.config.POSITION_RETENTION_HOURS * 3_600_000);
    const position = await insertPosition(tx, {
      bookingId: id,
      missionLinkId: link.id,
      lat: body.lat,
      lon: body.lon,
      accuracyM: body.accuracy,
      recordedAt: body.at,
      keepUntil,
    });
    const update = trackingUpdateOf(deps.config, booking!, link.status, position, now);
    await publishTrackingEvent(tx, { bookingId: id, event: 'position', update });
    return update;
  });
}
