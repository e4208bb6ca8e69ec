import { z } from 'zod';
import { message } from '../i18n/error-messages.ts';
import { MissionToken } from './mission-schemas.ts';

/**
 * The chauffeur's live position (decision 0132): posted by the mission page every few seconds
 * from "en route" until "on board", shown only to the trip's customer by the tracking link.
 */

/** How often the mission page sends the phone's position while it is shared, ms. */
export const POSITION_INTERVAL_MS = 5_000;
/** The mission statuses during which the position is shared and shown: from en_route until on_board. */
export const SHARING_STATUSES = ['en_route', 'on_site'] as const;
/** The phone's clock may run this far ahead of the server's before a position is refused as implausible. */
export const POSITION_CLOCK_SKEW_MS = 2 * 60_000;
/** The worst accuracy (metres) a position may claim; a position vaguer than a town is of no use. */
export const POSITION_ACCURACY_MAX_M = 10_000;

const coordinate = (limit: number) =>
  z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_number') }).min(-limit, message('out_of_range', { min: -limit, max: limit })).max(limit, message('out_of_range', { min: -limit, max: limit }));

/** `POST /api/mission/position/{id}`: the mission link's token and one position of the phone. */
export const PositionBody = z.object({
  token: MissionToken,
  lat: coordinate(90),
  lon: coordinate(180),
  accuracy: z
    .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_number') })
    .min(0, message('out_of_range', { min: 0, max: POSITION_ACCURACY_MAX_M }))
    .max(POSITION_ACCURACY_MAX_M, message('out_of_range', { min: 0, max: POSITION_ACCURACY_MAX_M })),
  /** When the phone took the position, ISO 8601 with its offset. */
  at: z.iso.datetime({ offset: true, error: 'invalid_date' }).transform((value) => new Date(value)),
});
export type PositionBody = z.infer<typeof PositionBody>;
export type PositionInput = z.input<typeof PositionBody>;

/** The customer's tracking link's signature: 22 base64url characters (decision 0132). */
export const TrackingToken = z.string({ error: 'required' }).trim().min(1, 'required').max(100, 'invalid_value');

/** `GET /api/track/{id}?token=` and `GET /api/track/stream/{id}?token=` */
export const TrackQuery = z.object({ token: TrackingToken });
export type TrackQuery = z.infer<typeof TrackQuery>;
