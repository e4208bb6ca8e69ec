import { z } from 'zod';
import { BookingStatus } from '../booking/booking-transitions.ts';
import { MissionStatus } from './mission-schemas.ts';
import { BalanceMethod } from '../booking/booking-balance.ts';
import { TourName } from '../booking/booking-responses.ts';
import { ServiceType } from '../booking/service-types.ts';

/** A place of the mission, with the navigation link the chauffeur's phone opens. */
export const MissionPlace = z.object({
  title: z.string(),
  address: z.string().nullable().meta({ description: 'Street address typed by the customer at step three, if any' }),
  navigationUrl: z.string().meta({ description: 'A maps link (coordinates when known, else the text)' }),
});
export type MissionPlace = z.infer<typeof MissionPlace>;

/**
 * A hire or a tour as the chauffeur's page shows it (decision 0137): the service, its blocks of
 * time (one, or one per day), the programme, and once ended what the end added.
 */
export const MissionHire = z.object({
  serviceType: ServiceType.exclude(['transfer']),
  hours: z.number().nullable(),
  days: z.number().int().nullable(),
  tourName: TourName.nullable(),
  programme: z.string().nullable(),
  hasDropOff: z.boolean(),
  endsAt: z.string().meta({ format: 'date-time', description: 'The booked end' }),
  endsLocal: z.string().meta({ description: 'The booked end on Paris clocks, YYYY-MM-DDTHH:MM (the end form’s earliest value)' }),
  periods: z
    .array(z.object({ day: z.number().int().nullable(), start: z.string().meta({ format: 'date-time' }), end: z.string().meta({ format: 'date-time' }) }))
    .meta({ description: 'The blocks of time booked: one, or one per day for a hire by the day' }),
  kmIncluded: z.number().nullable().meta({ description: 'Km included in the price; null for a tour (its km are not billed) or a car without a rate' }),
  endedAt: z.string().nullable().meta({ format: 'date-time' }),
  endKm: z.number().nullable(),
  overtimeMinutes: z.number().int().nullable(),
  overtimeCents: z.number().int().nullable(),
  extraKm: z.number().nullable(),
  extraKmCents: z.number().int().nullable(),
});
export type MissionHire = z.infer<typeof MissionHire>;

/**
 * What the chauffeur's mission link shows (`GET /api/mission/{id}?token=`): this booking only,
 * and only what the trip needs (decision 0083).
 */
export const Mission = z.object({
  id: z.number().int(),
  bookingStatus: BookingStatus,
  status: MissionStatus.nullable().meta({ description: 'The last status the chauffeur gave; null before en_route' }),
  next: MissionStatus.nullable().meta({ description: 'The status the next button gives; null once done or when the trip is closed' }),
  nextOpensAt: z
    .string()
    .nullable()
    .meta({ format: 'date-time', description: 'From when `next` may be given (en_route: hours before pickup, done: at pickup); null when only the order rules it (decision 0117)' }),
  noShowOpensAt: z
    .string()
    .nullable()
    .meta({ format: 'date-time', description: 'While on site: from when the customer may be marked absent (pickup + waiting time included); else null' }),
  driverName: z.string(),
  pickupAt: z.string().meta({ format: 'date-time' }),
  pickupLocal: z.string().meta({ description: 'Pickup on Paris clocks, YYYY-MM-DDTHH:MM' }),
  pickup: MissionPlace,
  stops: z.array(MissionPlace),
  destination: MissionPlace,
  returnTrip: z
    .object({ pickupAt: z.string().meta({ format: 'date-time' }), pickupLocal: z.string(), address: z.string().nullable(), flightNumber: z.string().nullable(), trainNumber: z.string().nullable() })
    .nullable(),
  passenger: z.object({ name: z.string(), phone: z.string() }),
  signName: z
    .string()
    .nullable()
    .meta({ description: 'The name the chauffeur shows in the arrivals hall: an airport or station pickup only (decision 0133)' }),
  party: z.object({ adults: z.number().int(), children: z.number().int(), childrenSeat: z.number().int() }),
  luggage: z.object({ under10kg: z.number().int(), above10kg: z.number().int(), above30kg: z.number().int() }),
  flightNumber: z.string().nullable(),
  trainNumber: z.string().nullable(),
  arriveFrom: z.string().nullable(),
  arriveTime: z.string().nullable(),
  message: z.string().nullable(),
  car: z.object({ name: z.string(), model: z.string(), plate: z.string() }).nullable(),
  balanceCents: z.number().int().meta({ description: 'Left to collect on board: the total less the deposits received and the balances recorded' }),
  onAccount: z.boolean().meta({ description: 'A company’s trip, billed on its month-end invoice (decisions 0142, 0161): nothing is collected on board' }),
  balances: z
    .array(z.object({ amountCents: z.number().int(), method: BalanceMethod, at: z.string().meta({ format: 'date-time' }) }))
    .meta({ description: 'What was collected of the balance, and how (decision 0117)' }),
  history: z.array(z.object({ status: MissionStatus, at: z.string().meta({ format: 'date-time' }) })),
  hire: MissionHire.nullable().meta({ description: 'A hire or a tour (decision 0137): its blocks of time and programme; its "done" is PUT /api/mission/end with the end and the km. Null for a transfer' }),
});
export type Mission = z.infer<typeof Mission>;

/** Why a link's trip is off for its chauffeur: the booking ended, or the company gave it to another chauffeur. */
export const MISSION_OFF_REASONS = ['cancelled', 'reassigned'] as const;
export const MissionOffReason = z.enum(MISSION_OFF_REASONS);
export type MissionOffReason = z.infer<typeof MissionOffReason>;

/**
 * What a link answers once its trip is off for its chauffeur (decision 0109): that it is off and
 * why, nothing of the passenger, the places or the price. `status: 'off'` tells it from a Mission.
 */
export const MissionOff = z.object({
  id: z.number().int(),
  status: z.literal('off'),
  reason: MissionOffReason,
  bookingStatus: z
    .enum(['cancelled', 'rejected'])
    .nullable()
    .meta({ description: 'How the booking ended; null when it was given to another chauffeur, whose trip this link no longer tells' }),
  next: z.null(),
  message: z.string().meta({ description: 'The translated sentence to show the chauffeur' }),
});
export type MissionOff = z.infer<typeof MissionOff>;

export const MissionResponse = z.object({ data: z.union([Mission, MissionOff]) });
export type MissionResponse = z.infer<typeof MissionResponse>;

export const MissionStatusResponse = z.object({ message: z.string(), data: Mission });
export type MissionStatusResponse = z.infer<typeof MissionStatusResponse>;

/** The answer to an assignment: who drives, in which car. */
export const AssignResponse = z.object({
  message: z.string(),
  data: z.object({ id: z.number().int(), status: BookingStatus, driverId: z.number().int(), carId: z.number().int() }),
});
export type AssignResponse = z.infer<typeof AssignResponse>;
