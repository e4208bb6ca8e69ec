import { z } from 'zod';
import { ServiceType } from '../booking/service-types.ts';
import { daysInMonth } from '../time/paris-time.ts';

/** The longest range the dispatch calendar answers at once (a month view at most). */
export const MAX_CALENDAR_DAYS = 31;

/** The statuses shown on the planning: those that hold a car, and trips done (decision 0084). */
export const PLANNED_STATUSES = ['pending', 'accepted', 'paid', 'completed'] as const;

const BOUND = /^(\d{4})-(\d{2})-(\d{2})(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A real calendar day (no 30 February), alone or with a time and its offset. */
function isCalendarBound(value: string): boolean {
  const match = BOUND.exec(value);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(match[1]), month) && Number.isFinite(Date.parse(value));
}

const calendarBound = z
  .string({ error: 'invalid_date' })
  .trim()
  .max(40, 'invalid_date')
  .refine(isCalendarBound, 'invalid_date')
  .meta({ description: 'An ISO 8601 instant with its offset (2026-07-14T00:00:00+02:00), or a date (midnight on Paris clocks)' });

/** `GET /api/booking/calendar?from&to`: at most MAX_CALENDAR_DAYS days, `from` before `to`. */
export const CalendarQuery = z.object({ from: calendarBound, to: calendarBound });
export type CalendarQuery = z.infer<typeof CalendarQuery>;

/** One leg of a trip on the planning: from its pickup to the end of its hold on the car. */
export const CalendarTrip = z.object({
  bookingId: z.number().int(),
  reference: z.string().meta({ description: 'The booking number as the back office shows it, e.g. "#123"' }),
  leg: z
    .union([z.enum(['outbound', 'return']), z.templateLiteral(['day-', z.number().int()])])
    .meta({ description: 'outbound, return (a transfer’s return), or day-2, day-3… (the next days of a hire by the day, whose first day is outbound)' }),
  serviceType: ServiceType,
  status: z.enum(PLANNED_STATUSES),
  car: z.object({ id: z.number().int(), name: z.string(), plate: z.string().meta({ description: 'The car’s registration number' }) }).nullable(),
  driver: z.object({ id: z.number().int(), name: z.string() }).nullable().meta({ description: 'Null: no chauffeur assigned yet' }),
  start: z.string().meta({ format: 'date-time', description: 'Pickup of this leg, ISO 8601 UTC' }),
  end: z.string().meta({ format: 'date-time', description: 'End of the hold (trip + buffer), estimated for a completed trip' }),
  customerName: z.string(),
  flight: z
    .enum(['cancelled', 'not_moved'])
    .nullable()
    .meta({ description: 'The pickup’s followed flight (decision 0144): cancelled, or late and the pickup could not move with it; null otherwise' }),
  route: z.string().meta({ description: 'Origin → destination of this leg; a hire without a drop-off, its pickup place' }),
  hire: z
    .object({
      hours: z.number().nullable().meta({ description: 'Hours booked (by the hour, a tour)' }),
      days: z.number().int().nullable().meta({ description: 'Days booked (by the day): this leg is one of them' }),
      tourName: z.object({ fr: z.string(), en: z.string(), ar: z.string() }).nullable(),
    })
    .nullable()
    .meta({ description: 'A hire or a tour (decision 0137): what the block says of it; null for a transfer' }),
});
export type CalendarTrip = z.infer<typeof CalendarTrip>;

export const CalendarResponse = z.object({
  from: z.string().meta({ format: 'date-time' }),
  to: z.string().meta({ format: 'date-time' }),
  data: z.array(CalendarTrip),
});
export type CalendarResponse = z.infer<typeof CalendarResponse>;
