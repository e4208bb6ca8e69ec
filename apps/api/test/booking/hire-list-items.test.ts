import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { bookingPayload, expectStatus, MONACO, NEXT_YEAR } from './booking-helpers.ts';

type ListItem = {
  id: number;
  serviceType: string;
  hours: number | null;
  days: number | null;
  hasDropOff: boolean;
  endsAt: string | null;
  destination: string;
};

/** "Mes réservations" (issue 22, decision 0129): each item of the lists says a hire's length and end. */
describe('booking lists carry a hire’s length and end (GET /api/user/booking/getAll)', () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    customer = await registerUser(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const add = async (payload: Record<string, unknown>) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/user/booking/add', headers: bearer(customer.token), payload });
    expectStatus(response, 201);
    return (response.json() as { bookingId: number }).bookingId;
  };
  const mine = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/booking/getAll?limit=100', headers: bearer(customer.token) });
    expectStatus(response, 200);
    return (response.json() as { data: ListItem[] }).data;
  };
  const { destination: _none, ...hire } = bookingPayload({ date: `${NEXT_YEAR}-03-10T10:00` });

  it('gives an hourly hire its hours and end, a daily hire its days and the last day’s end, a transfer nulls', async () => {
    const hourly = await add({ ...hire, serviceType: 'hourly', hours: 5.5 });
    const daily = await add({ ...hire, serviceType: 'daily', days: 2, destination: MONACO });
    const transfer = await add(bookingPayload({ date: `${NEXT_YEAR}-03-11T10:00` }));
    const items = new Map((await mine()).map((item) => [item.id, item]));

    expect(items.get(hourly)).toMatchObject({ serviceType: 'hourly', hours: 5.5, days: null, hasDropOff: false });
    // 10:00 Paris in March is 09:00 UTC; 5 h 30 later.
    expect(items.get(hourly)!.endsAt).toBe(`${NEXT_YEAR}-03-10T14:30:00.000Z`);
    expect(items.get(daily)).toMatchObject({ serviceType: 'daily', hours: null, days: 2, hasDropOff: true, destination: 'Monaco' });
    expect(items.get(daily)!.endsAt).toBe(`${NEXT_YEAR}-03-11T17:00:00.000Z`);
    expect(items.get(transfer)).toMatchObject({ serviceType: 'transfer', hours: null, days: null, hasDropOff: true, endsAt: null });
  });
});
