import { eq, sql } from 'drizzle-orm';
import { parisWallTimeToInstant } from '@vtc/shared/time/paris-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { createDatabase } from '../../src/platform/db/client.ts';
import { bookings, drivers, mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { driverDigestKey, planDriverDigests } from '../../src/operations/digest/driver-digest.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailText, NEXT_YEAR, pendingBooking } from '../booking/booking-helpers.ts';

/**
 * The chauffeurs' evening digest (decision 0086): at 19:00 Paris the evening before, each active
 * chauffeur with trips gets their list, once per chauffeur per day whatever the processes.
 */

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let cars: { vclass: number; ford: number };
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ SMTP_URL: sink.url });
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  adminToken = (await loginAdmin(ctx.app, ctx.database)).token;
  customerToken = (await registerUser(ctx.app)).token;
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const EVENING = { year: NEXT_YEAR, month: 6, day: 9 };
const TRIP_DAY = '10/06';

async function addDriver(fullName: string, email: string, languages: string[], active = true): Promise<number> {
  const [row] = await ctx.database.db.insert(drivers).values({ fullName, phone: '+33611111111', email, languages, active }).returning();
  return row!.id;
}

/** An accepted booking of this chauffeur (assignment, issue 11 item 3, sets driver_id). */
async function tripOf(driverId: number, date: string, car: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const id = await pendingBooking(ctx.app, customerToken, car, { date, ...overrides });
  expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(adminToken), payload: {} }), 200);
  await ctx.database.db.update(bookings).set({ driverId }).where(eq(bookings.id, id));
  return id;
}

const digestsTo = (address: string) => sink.received.filter((mail) => mail.to.includes(address) && /driver-digest|Vos trajets|Your trips/.test(mailText(mail.raw) + mail.raw));

/** The evening's digest job made due, as the clock reaching 19:00 would. */
async function reachEvening(evening: string): Promise<void> {
  await ctx.database.db.update(scheduledJobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(scheduledJobs.key, driverDigestKey(evening)));
}

describe('the chauffeurs’ evening digest', () => {
  it('mails each active chauffeur the next day’s trips once, in their language, whatever runs it', async () => {
    const anne = await addDriver('Anne Roux', 'anne@example.test', ['en', 'fr']);
    const bob = await addDriver('Bob Smith', 'bob@example.test', ['en', 'it']);
    await addDriver('Inès Idle', 'ines@example.test', ['fr']);
    const away = await addDriver('Alain Absent', 'alain@example.test', ['fr'], false);
    const late = await tripOf(anne, `${NEXT_YEAR}-06-10T18:30`, cars.vclass);
    const early = await tripOf(anne, `${NEXT_YEAR}-06-10T08:15`, cars.ford);
    const bobs = await tripOf(bob, `${NEXT_YEAR}-06-10T12:00`, cars.vclass);
    const dayAfter = await tripOf(anne, `${NEXT_YEAR}-06-11T09:00`, cars.vclass);
    await tripOf(away, `${NEXT_YEAR}-06-10T15:00`, cars.ford);

    // The planner, run at 18:00 Paris that day, schedules the evening's digest for 19:00.
    await planDriverDigests(ctx.database.db, ctx.config, parisWallTimeToInstant({ ...EVENING, hour: 18, minute: 0 }));
    const evening = `${NEXT_YEAR}-06-09`;
    const [job] = await ctx.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, driverDigestKey(evening)));
    expect(job!.runAt.getTime()).toBe(parisWallTimeToInstant({ ...EVENING, hour: 19, minute: 0 }).getTime());

    // Not yet 19:00: nothing.
    await ctx.app.jobs.runDue();
    await ctx.app.outbox.runOnce();
    expect(digestsTo('anne@example.test')).toHaveLength(0);

    // 19:00, with two app instances on the database, each running the jobs twice.
    await reachEvening(evening);
    const url = (ctx.database as { url?: string }).url;
    const otherDatabase = url ? createDatabase({ kind: 'postgres', url }) : ctx.database;
    const other = await createTestApp({ SMTP_URL: sink.url }, { database: otherDatabase });
    try {
      const apps = [ctx.app, other.app, ctx.app, other.app];
      await Promise.all(apps.map((app) => app.jobs.runDue()));
      // The job runs again, as after a crash that lost its lease: no second digest.
      await ctx.database.db.update(scheduledJobs).set({ status: 'pending', runAt: sql`now() - interval '1 second'` }).where(eq(scheduledJobs.key, driverDigestKey(evening)));
      await Promise.all(apps.map((app) => app.jobs.runDue()));
      await Promise.all(apps.map((app) => app.outbox.runOnce()));
    } finally {
      await other.close();
      if (url) await otherDatabase.close();
    }

    const anneMails = digestsTo('anne@example.test');
    expect(anneMails).toHaveLength(1);
    const anneText = mailText(anneMails[0]!.raw);
    expect(anneMails[0]!.raw).toMatch(/^Subject: .*Vos trajets du/m);
    expect(anneText).toContain(`Voici vos trajets du ${TRIP_DAY}/${NEXT_YEAR} (2).`);
    const earlyAt = anneText.indexOf(`08:15 — réservation n°${early}`);
    const lateAt = anneText.indexOf(`18:30 — réservation n°${late}`);
    expect(earlyAt).toBeGreaterThan(-1);
    expect(lateAt).toBeGreaterThan(earlyAt);
    expect(anneText).toContain('Prise en charge : 1 promenade des Anglais, Nice');
    expect(anneText).toContain('Destination : Monaco');
    expect(anneText).toContain('Passager : Camille Martin, 06 12 34 56 78');
    expect(anneText).toContain('Vol : AF7700');
    expect(anneText).not.toContain(`n°${dayAfter}`);

    const bobMails = digestsTo('bob@example.test');
    expect(bobMails).toHaveLength(1);
    expect(mailText(bobMails[0]!.raw)).toContain(`Here are your trips of ${TRIP_DAY}/${NEXT_YEAR} (1).`);
    expect(mailText(bobMails[0]!.raw)).toContain(`12:00 — booking no. ${bobs}`);
    expect(digestsTo('ines@example.test')).toHaveLength(0);
    expect(digestsTo('alain@example.test')).toHaveLength(0);
    const rows = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'driver_digest'));
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual([`driver-digest:${anne}:${NEXT_YEAR}-06-10`, `driver-digest:${bob}:${NEXT_YEAR}-06-10`]);

    // The next evening: Anne's trip of the day after, and tomorrow's digest was planned too.
    await reachEvening(`${NEXT_YEAR}-06-10`);
    await ctx.app.jobs.runDue();
    await ctx.app.outbox.runOnce();
    const next = digestsTo('anne@example.test');
    expect(next).toHaveLength(2);
    expect(mailText(next[1]!.raw)).toContain(`09:00 — réservation n°${dayAfter}`);
  });
});
