import { z } from 'zod';

/**
 * What the customer's tracking link shows (decision 0132): the trip's places for the map, who
 * drives, and from "en route" until "on board" the car's last position and an arrival estimate.
 */

/** `waiting`: the chauffeur has not set off yet (no position); `on_board`: the trip is under way (no position any more). */
export const TRACKING_STATUSES = ['waiting', 'en_route', 'on_site', 'on_board'] as const;
export const TrackingStatus = z.enum(TRACKING_STATUSES);
export type TrackingStatus = z.infer<typeof TrackingStatus>;

export const TrackedPosition = z.object({
  lat: z.number(),
  lon: z.number(),
  accuracy: z.number().meta({ description: 'Metres, as the phone reported it' }),
  at: z.string().meta({ format: 'date-time', description: 'When the phone took it' }),
});
export type TrackedPosition = z.infer<typeof TrackedPosition>;

export const ArrivalEstimate = z.object({
  at: z.string().meta({ format: 'date-time' }),
  minutes: z.number().int().meta({ description: 'From now, rounded up; 0 once the car is there' }),
});
export type ArrivalEstimate = z.infer<typeof ArrivalEstimate>;

/** What changes while the trip is tracked: one Server-Sent Event per position, and one per step. */
export const TrackingUpdate = z.object({
  status: TrackingStatus,
  position: TrackedPosition.nullable().meta({ description: 'Only while en_route or on_site' }),
  arrival: ArrivalEstimate.nullable().meta({ description: 'While en_route, when the pickup has coordinates' }),
});
export type TrackingUpdate = z.infer<typeof TrackingUpdate>;

const TrackedPlace = z.object({ title: z.string(), lat: z.number().nullable(), lon: z.number().nullable() });

export const Tracking = TrackingUpdate.extend({
  id: z.number().int(),
  pickupAt: z.string().meta({ format: 'date-time' }),
  origin: TrackedPlace,
  stops: z.array(TrackedPlace),
  destination: TrackedPlace,
  driver: z.object({ firstName: z.string() }).nullable().meta({ description: 'Once a chauffeur is assigned' }),
  car: z.object({ name: z.string(), plate: z.string() }).nullable(),
});
export type Tracking = z.infer<typeof Tracking>;

export const TrackingResponse = z.object({ data: Tracking });
export type TrackingResponse = z.infer<typeof TrackingResponse>;

/** `POST /api/mission/position/{id}`: accepted, and what the customer now sees. */
export const PositionResponse = z.object({ message: z.string(), data: TrackingUpdate });
export type PositionResponse = z.infer<typeof PositionResponse>;
