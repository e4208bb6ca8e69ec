import { z } from 'zod';
import { estimateArrival } from '@vtc/shared/missions/arrival-estimate';
import type { MissionStatus } from '@vtc/shared/missions/mission-schemas';
import { TrackingUpdate, type TrackingStatus } from '@vtc/shared/missions/tracking-responses';
import { bookingHoldLegs, type BookingWithStops } from '../../booking/booking-public.ts';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { publishOnFeed } from '../../platform/db/publish-on-feed.ts';
import type { PositionRow } from './positions-repository.ts';

/** The change-feed topic the tracking events travel on between processes (decision 0132). */
export const TRACKING_TOPIC = 'tracking';

export type TrackingConfig = Pick<Config, 'AVERAGE_SPEED_KMH' | 'HOLD_BUFFER_MINUTES'>;

/**
 * What a tracking page is told: `position` (one per position the chauffeur's phone sent),
 * `status` (a step), `over` (the trip is done: the page closes its stream and says so).
 */
export const TrackingEvent = z.object({
  bookingId: z.number().int(),
  event: z.enum(['position', 'status', 'over']),
  update: TrackingUpdate.nullable(),
});
export type TrackingEvent = z.infer<typeof TrackingEvent>;

/** The mission statuses whose position the customer sees: from en_route until on_board. */
export const isSharing = (status: MissionStatus | null): status is 'en_route' | 'on_site' => status === 'en_route' || status === 'on_site';

/** Whether the trip is over for its tracking link: the chauffeur said done, or the customer did not come. */
export const isTripOver = (status: MissionStatus | null) => status === 'done' || status === 'no_show';

/** The tracking status of a mission status that is not over: null (not yet set off) is waiting. */
export const trackingStatusOf = (status: MissionStatus | null): TrackingStatus => (status === null ? 'waiting' : isSharing(status) || status === 'on_board' ? status : 'on_board');

/**
 * The end of the trip for its tracking link and its positions' keeping: the end of its last hold
 * leg (pickup + duration + buffer, decision 0070), as the mission link's expiry counts it.
 */
export async function tripEndOf(db: DbOrTx, config: TrackingConfig, booking: BookingWithStops): Promise<Date> {
  const legs = await bookingHoldLegs(db, config, booking);
  return new Date(Math.max(...legs.map((leg) => leg.to.getTime())));
}

/** The update a tracking page shows for this step and last position, at `now`. */
export function trackingUpdateOf(
  config: TrackingConfig,
  booking: Pick<BookingWithStops, 'origin'>,
  status: MissionStatus | null,
  position: Pick<PositionRow, 'lat' | 'lon' | 'accuracyM' | 'recordedAt'> | undefined,
  now: Date,
): TrackingUpdate {
  const shown = isSharing(status) ? position : undefined;
  const pickup = booking.origin;
  const arrival =
    status === 'en_route' && shown && pickup.lat != null && pickup.lon != null
      ? estimateArrival({ lat: shown.lat, lon: shown.lon, at: shown.recordedAt }, { lat: pickup.lat, lon: pickup.lon }, config.AVERAGE_SPEED_KMH, now)
      : null;
  return {
    status: trackingStatusOf(status),
    position: shown ? { lat: shown.lat, lon: shown.lon, accuracy: shown.accuracyM, at: shown.recordedAt.toISOString() } : null,
    arrival: arrival ? { at: arrival.at.toISOString(), minutes: arrival.minutes } : null,
  };
}

/** Tells every process's tracking pages of this booking, once the caller's transaction commits. */
export async function publishTrackingEvent(tx: DbOrTx, event: TrackingEvent): Promise<void> {
  await publishOnFeed(tx, TRACKING_TOPIC, JSON.stringify(event));
}

/** A tracking event read back from the feed; undefined for anything else. */
export function parseTrackingEvent(body: string): TrackingEvent | undefined {
  try {
    const parsed = TrackingEvent.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
