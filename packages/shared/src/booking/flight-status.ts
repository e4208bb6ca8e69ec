import { z } from 'zod';

/**
 * A followed flight's state as the booking keeps it (decision 0144): `expected` on time or early,
 * `delayed` five minutes or more after its schedule, `cancelled`, `diverted`, `arrived`, or
 * `unknown` when the provider knows no such flight that day.
 */
export const FLIGHT_STATUSES = ['expected', 'delayed', 'cancelled', 'diverted', 'arrived', 'unknown'] as const;
export type FlightStatus = (typeof FLIGHT_STATUSES)[number];

/** Why a flight's delay did not move the pickup: the car or the chauffeur has another trip then, or the trip cannot take that time. */
export const FLIGHT_ALERT_REASONS = ['car_busy', 'driver_busy', 'not_movable'] as const;
export type FlightAlertReason = (typeof FLIGHT_ALERT_REASONS)[number];

/** The flight of an airport pickup as the back office sees it; null when no flight was looked at. */
export const BookingFlight = z
  .object({
    status: z.enum(FLIGHT_STATUSES),
    checkedAt: z.iso.datetime({ offset: true }),
    /** The arrival the provider expects (revised, else predicted, else scheduled). */
    arrivalAt: z.iso.datetime({ offset: true }).nullable(),
    /** A delay that could not move the pickup: why, and to when it would have moved. */
    alert: z.object({ reason: z.enum(FLIGHT_ALERT_REASONS), pickupAt: z.iso.datetime({ offset: true }) }).nullable(),
  })
  .meta({ description: 'The followed flight of an airport pickup (decision 0144)' });
export type BookingFlight = z.infer<typeof BookingFlight>;
