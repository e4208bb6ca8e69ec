import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getParisParts, parisWallTimeToInstant } from '@vtc/shared/time/paris-time';
import { bookings, bookingStatusHistory, drivers, users } from '../../src/platform/db/schema.ts';
import { backOfficeUsers, type Caller } from '../catalogue/catalogue-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { eq } from 'drizzle-orm';

/** The dashboard (decision 0085) on data placed relative to now, days and months on Paris clocks. */

let ctx: TestContext;
let admin: Caller;
let customerId: number;
let driverId: number;

const now = new Date();
const p = getParisParts(now);
const parisDay = (offset: number, hour = 0, minute = 0) => {
  const day = new Date(Date.UTC(p.year, p.month - 1, p.day + offset));
  return parisWallTimeToInstant({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute });
};
const monthStart = (offset: number) => {
  const month = new Date(Date.UTC(p.year, p.month - 1 + offset, 1));
  return parisWallTimeToInstant({ year: month.getUTCFullYear(), month: month.getUTCMonth() + 1, day: 1, hour: 0, minute: 0 });
};
const monthName = (start: Date) => `${getParisParts(start).year}-${String(getParisParts(start).month).padStart(2, '0')}`;
const mondayOffset = -((p.weekday + 6) % 7);
const thisMonday = parisDay(mondayOffset);
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
// Within this month, before now (or now itself on the month's first minute).
const earlierThisMonth = new Date(monthStart(0).getTime() + (now.getTime() - monthStart(0).getTime()) / 2);

type Status = 'draft' | 'pending' | 'accepted' | 'paid' | 'completed' | 'cancelled' | 'rejected';
async function booking(status: Status, createdAt: Date, extra: { pickupAt?: Date; totalCents?: number; driver?: boolean; pendingSince?: Date } = {}) {
  const [row] = await ctx.database.db
    .insert(bookings)
    .values({
      userId: customerId,
      status,
      origin: { title: 'Nice', type: 'town' },
      destination: { title: 'Monaco', type: 'town' },
      rentFromType: 'town',
      rentToType: 'town',
      pickupAt: extra.pickupAt ?? parisDay(40, 10),
      distanceKm: 20,
      adults: 2,
      fullName: 'Camille Martin',
      totalCents: extra.totalCents ?? 10000,
      driverId: extra.driver ? driverId : null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: bookings.id });
  if (extra.pendingSince) {
    await ctx.database.db.insert(bookingStatusHistory).values({ bookingId: row!.id, fromStatus: 'car_selected', toStatus: 'pending', actorKind: 'customer', createdAt: extra.pendingSince });
  }
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
  const [customer] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'user')).limit(1);
  customerId = customer!.id;
  const [driver] = await ctx.database.db
    .insert(drivers)
    .values({ fullName: 'Luc Martin', phone: '+33612345678', email: 'luc@example.test', languages: ['fr'] })
    .returning({ id: drivers.id });
  driverId = driver!.id;
});
afterAll(async () => ctx.close());

describe('GET /api/dashboard', () => {
  it('answers an empty company with zeros and twelve empty weeks', async () => {
    const response = await admin({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      pending: { count: 0, oldestSince: null },
      today: [],
      tomorrow: [],
      unassigned: 0,
      thisMonth: { month: monthName(monthStart(0)), bookings: 0, revenueCents: 0 },
      lastMonth: { month: monthName(monthStart(-1)), bookings: 0, revenueCents: 0 },
    });
    expect(data.weeks).toHaveLength(12);
    expect(data.weeks.every((week: { bookings: number }) => week.bookings === 0)).toBe(true);
  });

  it('counts what waits, today’s and tomorrow’s trips, trips without a chauffeur, the months and the weeks', async () => {
    const oldest = await booking('pending', hoursAgo(30), { pendingSince: hoursAgo(5) });
    await booking('pending', hoursAgo(2), { pendingSince: hoursAgo(1) });
    const todayTrip = await booking('paid', earlierThisMonth, { pickupAt: parisDay(0, 0, 1), driver: true, totalCents: 20000 });
    const tomorrowTrip = await booking('accepted', earlierThisMonth, { pickupAt: parisDay(1, 12), totalCents: 30000 });
    await booking('completed', earlierThisMonth, { pickupAt: parisDay(-1, 9), totalCents: 5000 });
    await booking('cancelled', earlierThisMonth, { pickupAt: parisDay(1, 15) });
    await booking('draft', earlierThisMonth, { pickupAt: parisDay(1, 16) });
    // Last month: one trip done, one refused (a booking, but no revenue).
    await booking('completed', new Date(monthStart(-1).getTime() + 86_400_000), { totalCents: 7000 });
    await booking('rejected', new Date(monthStart(-1).getTime() + 2 * 86_400_000), { totalCents: 9000 });
    // Ten weeks before this Monday, one hour into that Monday; and one before the twelve weeks.
    await booking('accepted', new Date(parisDay(mondayOffset - 70).getTime() + 3_600_000), { pickupAt: parisDay(-60, 10), driver: true, totalCents: 1 });
    await booking('accepted', new Date(parisDay(mondayOffset - 84).getTime() - 60_000), { pickupAt: parisDay(-90, 10), driver: true, totalCents: 1 });

    const response = await admin({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.pending).toEqual({ count: 2, oldestSince: hoursAgo(5).toISOString() });
    expect(oldest).toBeGreaterThan(0);
    expect(data.today).toEqual([expect.objectContaining({ bookingId: todayTrip, status: 'paid', driver: { id: driverId, name: 'Luc Martin' }, start: parisDay(0, 0, 1).toISOString() })]);
    expect(data.tomorrow).toEqual([expect.objectContaining({ bookingId: tomorrowTrip, status: 'accepted', driver: null })]);
    // Tomorrow's accepted trip has no chauffeur; today's has one; pending and past ones do not count.
    expect(data.unassigned).toBe(1);

    // This month: 2 pending, paid, accepted, completed, cancelled (not the draft); revenue of paid, accepted, completed.
    expect(data.thisMonth.bookings).toBe(6 - (hoursAgo(30) < monthStart(0) ? 1 : 0) - (hoursAgo(2) < monthStart(0) ? 1 : 0));
    expect(data.thisMonth.revenueCents).toBe(20000 + 30000 + 5000);
    const lastMonthBookings = 2 + (hoursAgo(30) < monthStart(0) ? 1 : 0) + (hoursAgo(2) < monthStart(0) ? 1 : 0);
    expect(data.lastMonth).toEqual({
      month: monthName(monthStart(-1)),
      bookings: lastMonthBookings,
      revenueCents: 7000,
      // Every one of these is a transfer (issue 22: revenue by service).
      byService: [
        { serviceType: 'transfer', bookings: lastMonthBookings, revenueCents: 7000 },
        { serviceType: 'hourly', bookings: 0, revenueCents: 0 },
        { serviceType: 'daily', bookings: 0, revenueCents: 0 },
        { serviceType: 'tour', bookings: 0, revenueCents: 0 },
      ],
    });

    expect(data.weeks).toHaveLength(12);
    expect(data.weeks[11].weekStart).toBe(`${monthName(thisMonday)}-${String(getParisParts(thisMonday).day).padStart(2, '0')}`);
    expect(data.weeks[1].bookings).toBe(1);
    // Every submitted booking above but the one created before the twelve weeks.
    const total = data.weeks.reduce((sum: number, week: { bookings: number }) => sum + week.bookings, 0);
    expect(total).toBe(2 + 4 + 2 + 1);
  });

  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
