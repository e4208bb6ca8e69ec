import { z } from 'zod';
import { CalendarTrip } from '../planning/planning-schemas.ts';
import { ServiceType } from '../booking/service-types.ts';
import { RatingFigures } from '../feedback/feedback-responses.ts';

/** A month's submitted bookings and the revenue of those the company took (decision 0085). */
const MonthFigures = z.object({
  month: z.string().meta({ description: 'YYYY-MM on Paris clocks' }),
  bookings: z.number().int(),
  revenueCents: z.number().int(),
  byService: z
    .array(z.object({ serviceType: ServiceType, bookings: z.number().int(), revenueCents: z.number().int() }))
    .meta({ description: 'The same figures by service (issue 22): transfer, hourly, daily, tour, always in that order; they add up to the month’s' }),
});

/** What cancellations gave back (decision 0121): by month, on the day each refund counts, and the latest lines. */
const Refunds = z.object({
  thisMonthCents: z.number().int(),
  lastMonthCents: z.number().int(),
  recent: z
    .array(
      z.object({
        bookingId: z.number().int(),
        method: z.enum(['cash', 'stripe', 'paypal']),
        amountCents: z.number().int(),
        at: z.string().meta({ format: 'date-time', description: 'Given back then, or asked for then while pending' }),
        status: z.enum(['pending', 'refunded']),
      }),
    )
    .meta({ description: 'The 5 latest refunds, newest first' }),
});

/** `GET /api/dashboard`: what the company looks at first (admin). */
export const DashboardResponse = z.object({
  data: z.object({
    now: z.string().meta({ format: 'date-time' }),
    pending: z.object({
      count: z.number().int(),
      oldestSince: z.string().nullable().meta({ format: 'date-time', description: 'When the longest-waiting booking became pending' }),
    }),
    today: z.array(CalendarTrip),
    tomorrow: z.array(CalendarTrip),
    unassigned: z.number().int().meta({ description: 'Accepted or paid trips still to come without a chauffeur' }),
    thisMonth: MonthFigures,
    lastMonth: MonthFigures,
    collection: z
      .object({
        collectedThisMonthCents: z.number().int().meta({ description: 'Deposits received and balances recorded this Paris month' }),
        toCollectCents: z.number().int().meta({ description: 'Left to collect of the completed trips: their totals less what was collected' }),
        toCollectTrips: z.number().int().meta({ description: 'Completed trips with something left to collect' }),
      })
      .meta({ description: 'What was collected and what is still to collect (decision 0117)' }),
    weeks: z
      .array(z.object({ weekStart: z.string().meta({ description: 'Monday, YYYY-MM-DD on Paris clocks' }), bookings: z.number().int() }))
      .meta({ description: 'Submitted bookings per week (Monday to Sunday, Paris), the last 12 weeks, oldest first' }),
    refunds: Refunds,
    overdueStatements: z
      .array(
        z.object({
          id: z.number().int(),
          number: z.string(),
          companyName: z.string(),
          dueAt: z.string().meta({ format: 'date-time' }),
          totalInclTaxCents: z.number().int(),
        }),
      )
      .meta({ description: 'Companies’ monthly invoices past their due date and not marked paid, oldest due first (decision 0142)' }),
    ratings: RatingFigures.meta({
      description: 'Customers’ ratings of the trips of the last 12 Paris months (decision 0146): per chauffeur, best first, and per month of the trip, oldest first',
    }),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
export type DashboardData = DashboardResponse['data'];
