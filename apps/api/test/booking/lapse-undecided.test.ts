import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { LAPSE_UNDECIDED_JOB, lapseUndecidedBookings } from '../../src/booking/decisions/lapse-undecided.ts';
import { bookings, bookingStatusHistory, mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, linkToken, mailText, parisLocalIn, pendingBooking } from './booking-helpers.ts';

/**
 * A request nobody answered before its pickup lapses (decision 0176): the clock is moved past the
 * pickup, then the recurring job runs as the job runner would run it.
 */

const COMPANY = 'company-lapse@riviera-vtc.test';

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let carId: number;
let customer: Awaited<ReturnType<typeof registerUser>>;
/** Each booking three hours ahead or more, four hours apart, so none waits on another's car. */
let slot = 0;
const soon = () => parisLocalIn(180 + 240 * slot++);

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ SMTP_URL: sink.url, COMPANY_EMAIL: COMPANY });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const db = () => ctx.database.db;
const row = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const history = (id: number) => db().select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id)).orderBy(asc(bookingStatusHistory.id));
/** The clock, moved to a minute after this booking's pickup. */
async function pastPickup(id: number): Promise<void> {
  const { pickupAt } = await row(id);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(pickupAt.getTime() + 60_000);
}
/** The recurring job made due now, then run by the runner, and its mails sent. */
async function runLapseJob(): Promise<void> {
  await db().update(scheduledJobs).set({ runAt: sql`now()` }).where(eq(scheduledJobs.key, LAPSE_UNDECIDED_JOB));
  await ctx.app.jobs.runDue();
  await ctx.app.outbox.runOnce();
}
async function mailsOfKind(kind: string, bookingId: number) {
  const rows = await db().select({ id: mailOutbox.id }).from(mailOutbox).where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.bookingId, bookingId)));
  const ids = new Set(rows.map((r) => r.id));
  return sink.received.filter((mail) => ids.has(Number(/^Message-ID: <outbox-(\d+)@/m.exec(mail.raw)?.[1])));
}

describe('a request nobody answered before its pickup (decision 0176)', () => {
  it('is closed once its pickup has come: the customer is told once, the decision link and the company’s reminders stop', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: soon() });
    await ctx.app.outbox.runOnce();
    const companyMail = sink.received.find((mail) => mail.to.includes(COMPANY) && mailText(mail.raw).includes(`n°${id}`));
    const decision = linkToken(companyMail!.raw, 'http://localhost:3000/booking');

    // Before the pickup the job leaves it waiting for the company, and the company's reminders wait.
    await runLapseJob();
    expect((await row(id)).status).toBe('pending');
    const waitingReminders = () => db().select().from(scheduledJobs).where(and(like(scheduledJobs.key, `booking:${id}:pending-reminder:%`), eq(scheduledJobs.status, 'pending')));
    expect((await waitingReminders()).length).toBeGreaterThan(0);

    await pastPickup(id);
    await runLapseJob();
    expect((await row(id)).status).toBe('rejected');
    expect((await history(id)).at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'rejected', actorKind: 'system', reason: 'no_decision_before_pickup' });
    const [mail] = await mailsOfKind('booking_lapsed', id);
    expect(mail!.to).toContain(customer.user.email);
    const text = mailText(mail!.raw);
    expect(text).toContain('votre demande n’a pas pu être confirmée avant l’heure de prise en charge prévue');
    expect(text).toContain('aucun paiement ne vous a été demandé');
    expect(await mailsOfKind('booking_rejected', id)).toHaveLength(0);
    // The company is told too, in French, with the trip.
    const [notice] = await mailsOfKind('booking_lapsed_company', id);
    expect(notice!.to).toContain(COMPANY);
    expect(mailText(notice!.raw)).toContain('est passée sans que la demande soit acceptée ou refusée');
    expect(await waitingReminders()).toHaveLength(0);

    // The company's link no longer decides anything, and a second run tells nobody again.
    const admin = await loginAdmin(ctx.app, ctx.database);
    const late = await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token), payload: { token: decision.token } });
    expect(late.statusCode).toBe(404);
    expect(await lapseUndecidedBookings(db(), { config: ctx.config })).toBe(0);
    await ctx.app.outbox.runOnce();
    expect(await mailsOfKind('booking_lapsed', id)).toHaveLength(1);
    expect(await mailsOfKind('booking_lapsed_company', id)).toHaveLength(1);
    expect((await row(id)).status).toBe('rejected');
  });

  it('closes a request left waiting long before, without telling its customer about a trip long gone', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: soon() });
    // A request from before this job existed: its pickup three days past.
    await db().update(bookings).set({ pickupAt: new Date(Date.now() - 3 * 86_400_000) }).where(eq(bookings.id, id));
    expect(await lapseUndecidedBookings(db(), { config: ctx.config })).toBeGreaterThanOrEqual(1);
    expect((await row(id)).status).toBe('rejected');
    expect((await history(id)).at(-1)).toMatchObject({ actorKind: 'system', reason: 'no_decision_before_pickup' });
    expect(await db().select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, id), like(mailOutbox.kind, 'booking_lapsed%')))).toHaveLength(0);
  });

  it('leaves a request whose pickup is ahead, and a booking the company accepted, as they are', async () => {
    const accepted = await pendingBooking(ctx.app, customer.token, carId, { date: soon() });
    const waiting = await pendingBooking(ctx.app, customer.token, carId, { date: soon() });
    const admin = await loginAdmin(ctx.app, ctx.database);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${accepted}`, headers: bearer(admin.token), payload: {} }), 200);
    // A minute after the accepted trip's pickup, still before the other one's.
    await pastPickup(accepted);
    expect((await row(waiting)).pickupAt.getTime()).toBeGreaterThan(Date.now());
    await lapseUndecidedBookings(db(), { config: ctx.config });
    expect((await row(waiting)).status).toBe('pending');
    expect((await row(accepted)).status).toBe('accepted');
  });

  it('cannot be accepted once its pickup has come (409 pickup_passed, translated, nothing changed); it can still be refused', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: soon() });
    await pastPickup(id);
    const admin = await loginAdmin(ctx.app, ctx.database);
    const accept = (language: string) => ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: { ...bearer(admin.token), 'accept-language': language }, payload: {} });
    const french = await accept('fr');
    expect(french.statusCode).toBe(409);
    expect(french.json()).toMatchObject({ code: 'pickup_passed', message: 'L’heure de prise en charge est passée : cette demande ne peut plus être acceptée' });
    expect((await accept('en')).json()).toMatchObject({ message: 'The pickup time has passed: this request can no longer be accepted' });
    expect((await accept('ar')).json()).toMatchObject({ message: 'مضى موعد الانطلاق: لم يعد بالإمكان قبول هذا الطلب' });
    expect((await row(id)).status).toBe('pending');
    expect(await db().select().from(bookingStatusHistory).where(and(eq(bookingStatusHistory.bookingId, id), eq(bookingStatusHistory.toStatus, 'accepted')))).toHaveLength(0);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/reject/${id}`, headers: bearer(admin.token), payload: { reason: 'Trop tard' } }), 200);
    expect((await row(id)).status).toBe('rejected');
  });
});
