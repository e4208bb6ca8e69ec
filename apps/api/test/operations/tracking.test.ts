import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { trackingLink } from '../../src/booking/booking-public.ts';
import { bookings, missionPositions, scheduledJobs } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, confirmPayload, createBooking, demoCars, expectStatus, mailsOf, parisLocalIn } from '../booking/booking-helpers.ts';

/**
 * The chauffeur's live position and the customer's tracking link (decision 0132), on PGlite or
 * PostgreSQL: the window (en route until on board), the order and time of positions, tampered and
 * foreign links, 410 after the trip, the purge, and Server-Sent Events across two app instances
 * sharing one database. "En route" opens 48 hours before pickup here, so trips booked a few hours
 * ahead run on real time; only the tests about the end of the trip move the clock.
 */

let ctx: TestContext;
let other: TestContext;
let adminToken: string;
let customer: Awaited<ReturnType<typeof registerUser>>;
let cars: { vclass: number; ford: number };
let base: string;
let otherBase: string;

const ENV = { MISSION_EN_ROUTE_HOURS: '48', POSITION_RETENTION_HOURS: '3' };

beforeAll(async () => {
  ctx = await createTestApp(ENV);
  await seedDemoData(ctx.database.db);
  // A second app instance on the same database, as a second server process behind a load balancer.
  other = await createTestApp(ENV, { database: ctx.database });
  cars = await demoCars(ctx.database.db);
  adminToken = (await loginAdmin(ctx.app, ctx.database)).token;
  customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await other.close();
  await ctx.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(adminToken), payload: payload as object });

let slot = 0;
/** Trips a few hours ahead, each on its own car and time: one booking holds its car at a time. */
function nextTrip(): { date: string; carId: number } {
  slot += 1;
  return { date: parisLocalIn(180 + 150 * Math.ceil(slot / 2)), carId: slot % 2 === 0 ? cars.vclass : cars.ford };
}

let driverCount = 0;
/** An accepted booking given to a new chauffeur; its id and the chauffeur's mission token. */
async function assignedTrip(options: { language?: string; confirm?: Record<string, unknown>; trip?: Record<string, unknown> } = {}): Promise<{ id: number; token: string }> {
  const { date, carId } = nextTrip();
  const id = await createBooking(ctx.app, customer.token, { date, ...options.trip }, options.language ?? 'fr');
  expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
  expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash', ...options.confirm }), 200);
  expectStatus(await admin('PUT', `/api/booking/accept/${id}`, {}), 200);
  driverCount += 1;
  const driver = await admin('POST', '/api/driver/add', { fullName: `Karim Benali ${driverCount}`, phone: '+33698765432', email: `track-${driverCount}@riviera-vtc.test`, languages: ['fr'] });
  expectStatus(driver, 201);
  expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId: driver.json().data.id, carId }), 200);
  return { id, token: await missionToken(id) };
}

async function missionToken(id: number): Promise<string> {
  const tokens = (await mailsOf(ctx.app.db, 'mission_link', id)).flatMap((mail) => new RegExp(`/mission\\?id=${id}&token=([\\w%-]+)`).exec(mail.textBody)?.[1] ?? []);
  const token = tokens.at(-1);
  expect(token).toBeDefined();
  return decodeURIComponent(token!);
}

const step = (id: number, token: string, status: string) => ctx.app.inject({ method: 'PUT', url: `/api/mission/status/${id}`, payload: { token, status } });
const postPosition = (id: number, payload: Record<string, unknown>, language = 'fr', app = ctx.app) =>
  app.inject({ method: 'POST', url: `/api/mission/position/${id}`, headers: { 'accept-language': language }, payload });
const trackToken = (id: number) => new URL(trackingLink(ctx.config, id)).searchParams.get('token')!;
const track = (id: number, token = trackToken(id), language = 'fr') =>
  ctx.app.inject({ method: 'GET', url: `/api/track/${id}?token=${encodeURIComponent(token)}`, headers: { 'accept-language': language } });
const positionsOf = (id: number) => ctx.database.db.select().from(missionPositions).where(eq(missionPositions.bookingId, id)).orderBy(missionPositions.recordedAt);

/** A position `secondsAgo` before now, on the way from Nice's airport. */
const at = (secondsAgo = 0) => new Date(Date.now() - secondsAgo * 1000).toISOString();
const NEAR_AIRPORT = { lat: 43.6652, lon: 7.2211, accuracy: 12 };

type SseEvent = { event: string; data: unknown };

/** A tracking page's stream as a browser reads it: events parsed from the text/event-stream body. */
async function openStream(origin: string, id: number, token = trackToken(id)) {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/track/stream/${id}?token=${encodeURIComponent(token)}`, {
    headers: { accept: 'text/event-stream', 'accept-language': 'en' },
    signal: controller.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  async function next(timeoutMs = 5_000): Promise<SseEvent | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event !== undefined && data !== undefined) return { event, data: JSON.parse(data) };
        continue;
      }
      const read = await Promise.race([
        reader.read(),
        new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now())).unref()),
      ]);
      if (read === 'late') throw new Error(`no event within ${timeoutMs} ms`);
      if (read.done) return null;
      buffer += read.value;
    }
  }
  return { response, next, close: () => controller.abort() };
}

describe('the chauffeur’s positions', () => {
  it('are taken only from en route until on board, each step saying why not, and nothing is stored on a refusal', async () => {
    const { id, token } = await assignedTrip();
    const early = await postPosition(id, { token, ...NEAR_AIRPORT, at: at() }, 'en');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'position_not_yet', message: 'The position is shared from “I am on my way”' });
    expect(await positionsOf(id)).toHaveLength(0);

    expectStatus(await step(id, token, 'en_route'), 200);
    const first = await postPosition(id, { token, ...NEAR_AIRPORT, at: at(2) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ message: 'Position reçue', data: { status: 'en_route', position: { lat: 43.6652, lon: 7.2211, accuracy: 12 } } });
    expect(first.json().data.arrival.minutes).toBeGreaterThan(0);

    expectStatus(await step(id, token, 'on_site'), 200);
    expectStatus(await postPosition(id, { token, lat: 43.7, lon: 7.26, accuracy: 8, at: at(1) }), 200);
    expectStatus(await step(id, token, 'on_board'), 200);
    const late = await postPosition(id, { token, lat: 43.71, lon: 7.27, accuracy: 8, at: at() }, 'ar');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ code: 'position_sharing_over', message: 'انتهت مشاركة الموقع: الراكب على متن السيارة' });
    const kept = await positionsOf(id);
    expect(kept.map((row) => [row.lat, row.lon])).toEqual([
      [43.6652, 7.2211],
      [43.7, 7.26],
    ]);
  });

  it('must come in order, at a plausible time: an older, repeated, future or pre-departure position is refused and not stored', async () => {
    const { id, token } = await assignedTrip();
    expectStatus(await step(id, token, 'en_route'), 200);
    const firstAt = at(5);
    expectStatus(await postPosition(id, { token, ...NEAR_AIRPORT, at: firstAt }), 200);

    for (const when of [at(10), firstAt]) {
      const refused = await postPosition(id, { token, ...NEAR_AIRPORT, at: when }, 'en');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'position_out_of_order', message: 'This position is older than the last one received: it is not recorded' });
    }
    const future = await postPosition(id, { token, ...NEAR_AIRPORT, at: new Date(Date.now() + 10 * 60_000).toISOString() }, 'en');
    expect(future.statusCode).toBe(422);
    expect(future.json()).toMatchObject({ code: 'position_time_invalid', message: 'The time of this position is not plausible: check the phone’s clock' });
    const beforeDeparture = await postPosition(id, { token, ...NEAR_AIRPORT, at: new Date(Date.now() - 86_400_000).toISOString() });
    expect(beforeDeparture.statusCode).toBe(422);
    expect(await positionsOf(id)).toHaveLength(1);

    expectStatus(await postPosition(id, { token, ...NEAR_AIRPORT, at: at(1) }), 200);
    expect(await positionsOf(id)).toHaveLength(2);
  });

  it('refuse bad input and any link but the assigned chauffeur’s live one, translated', async () => {
    const { id, token } = await assignedTrip();
    expectStatus(await step(id, token, 'en_route'), 200);
    const bad = await postPosition(id, { token, lat: 91, lon: 'east', accuracy: -1, at: 'yesterday' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path).sort()).toEqual(['accuracy', 'at', 'lat', 'lon']);
    expect(bad.json().errors.find((error: { path: string }) => error.path === 'lat').message).toBe('The value must be between -90 and 90');
    expect((await postPosition(id, { ...NEAR_AIRPORT, at: at() })).statusCode).toBe(400);

    const wrong = await postPosition(id, { token: 'x'.repeat(43), ...NEAR_AIRPORT, at: at() }, 'en');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('mission_link_invalid');
    const another = await assignedTrip();
    expect((await postPosition(id, { token: another.token, ...NEAR_AIRPORT, at: at() })).statusCode).toBe(404);

    // Given to another chauffeur: the first one's link no longer shares anything.
    const driver = await admin('POST', '/api/driver/add', { fullName: 'Nadia Relais', phone: '+33698765400', email: 'relay@riviera-vtc.test', languages: ['fr'] });
    const [row] = await ctx.database.db.select({ carId: bookings.carId }).from(bookings).where(eq(bookings.id, id));
    expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId: driver.json().data.id, carId: row!.carId }), 200);
    const revoked = await postPosition(id, { token, ...NEAR_AIRPORT, at: at() }, 'en');
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().code).toBe('mission_link_revoked');
    expect(await positionsOf(id)).toHaveLength(0);
  });
});

describe('the customer’s tracking link', () => {
  it('is mailed when the chauffeur sets off; shows no position before, the car and an arrival estimate after, none once on board', async () => {
    const { id, token } = await assignedTrip({ language: 'en' });
    const waiting = await track(id);
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().data).toMatchObject({ id, status: 'waiting', position: null, arrival: null, driver: { firstName: 'Karim' }, origin: { title: 'Nice' }, destination: { title: 'Monaco' } });
    expect(waiting.json().data.car.plate).toEqual(expect.any(String));

    expectStatus(await step(id, token, 'en_route'), 200);
    const mail = (await mailsOf(ctx.app.db, 'chauffeur_en_route', id)).find((row) => row.textBody.includes(`/track/${id}?`));
    expect(mail!.textBody).toContain('Follow my car');
    expect(mail!.textBody).toContain(trackingLink(ctx.config, id));

    expect((await track(id)).json().data).toMatchObject({ status: 'en_route', position: null, arrival: null });
    expectStatus(await postPosition(id, { token, ...NEAR_AIRPORT, at: at() }), 200);
    const moving = (await track(id)).json().data;
    expect(moving).toMatchObject({ status: 'en_route', position: { lat: 43.6652, lon: 7.2211 } });
    expect(moving.arrival.minutes).toBeGreaterThan(0);
    expect(Date.parse(moving.arrival.at)).toBeGreaterThan(Date.now());

    expectStatus(await step(id, token, 'on_site'), 200);
    expect((await track(id)).json().data).toMatchObject({ status: 'on_site', position: { lat: 43.6652 }, arrival: null });
    expectStatus(await step(id, token, 'on_board'), 200);
    expect((await track(id)).json().data).toMatchObject({ status: 'on_board', position: null, arrival: null });
  });

  it('refuses a tampered link, another trip’s and a trip that does not exist, translated', async () => {
    const { id } = await assignedTrip();
    const other = await assignedTrip();
    const good = trackToken(id);
    const tampered = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [tampered, trackToken(other.id), 'not-a-token', `${good}=`]) {
      const refused = await track(id, token, 'ar');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'tracking_link_invalid', message: 'رابط التتبع هذا غير صالح' });
    }
    const missing = await track(999_999, trackToken(999_999), 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'tracking_not_found', message: 'This trip does not exist' });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/track/${id}` })).statusCode).toBe(400);
    const stream = await ctx.app.inject({ method: 'GET', url: `/api/track/stream/${id}?token=${tampered}`, headers: { accept: 'text/event-stream', 'accept-language': 'en' } });
    expect(stream.statusCode).toBe(401);
    expect(stream.json().message).toBe('This tracking link is not valid');
  });

  it('answers 410 once the trip is done, past its end or cancelled', async () => {
    const done = await assignedTrip();
    expectStatus(await step(done.id, done.token, 'en_route'), 200);
    expectStatus(await step(done.id, done.token, 'on_site'), 200);
    expectStatus(await step(done.id, done.token, 'on_board'), 200);
    const [row] = await ctx.database.db.select({ pickupAt: bookings.pickupAt }).from(bookings).where(eq(bookings.id, done.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(row!.pickupAt.getTime() + 5 * 60_000);
    expectStatus(await step(done.id, done.token, 'done'), 200);
    const over = await track(done.id, undefined, 'en');
    expect(over.statusCode).toBe(410);
    expect(over.json()).toEqual({ code: 'tracking_over', message: 'This trip is over: the chauffeur’s position is no longer shown' });
    vi.useRealTimers();

    // A chauffeur who never says "done": the link closes at the end of the trip's hold on the clock.
    const forgotten = await assignedTrip();
    expectStatus(await track(forgotten.id), 200);
    const [trip] = await ctx.database.db.select({ pickupAt: bookings.pickupAt }).from(bookings).where(eq(bookings.id, forgotten.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(trip!.pickupAt.getTime() + 6 * 3_600_000);
    expect((await track(forgotten.id)).statusCode).toBe(410);
    vi.useRealTimers();

    const cancelled = await assignedTrip();
    await ctx.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, cancelled.id));
    const off = await track(cancelled.id, undefined, 'fr');
    expect(off.statusCode).toBe(410);
    expect(off.json()).toEqual({ code: 'tracking_cancelled', message: 'Cette course a été annulée : il n’y a rien à suivre' });
  });
});

describe('keeping positions', () => {
  it('deletes them a few hours after the end of the trip, by the scheduled job on the app’s clock', async () => {
    const { id, token } = await assignedTrip();
    expectStatus(await step(id, token, 'en_route'), 200);
    expectStatus(await postPosition(id, { token, ...NEAR_AIRPORT, at: at() }), 200);
    const [kept] = await positionsOf(id);
    const [trip] = await ctx.database.db.select({ pickupAt: bookings.pickupAt }).from(bookings).where(eq(bookings.id, id));
    // The trip ends with its hold (pickup + duration + buffer); the position stays 3 hours more.
    expect(kept!.keepUntil.getTime()).toBeGreaterThan(trip!.pickupAt.getTime() + 3 * 3_600_000);
    expect(kept!.keepUntil.getTime()).toBeLessThan(trip!.pickupAt.getTime() + 6 * 3_600_000);

    const runPurge = async (now: number) => {
      await ctx.database.db.update(scheduledJobs).set({ runAt: sql`now() - interval '1 minute'` }).where(eq(scheduledJobs.key, 'purge-positions'));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
      await ctx.app.jobs.runDue();
      vi.useRealTimers();
    };
    await ctx.app.jobs.runDue();
    await runPurge(kept!.keepUntil.getTime() - 60_000);
    expect(await positionsOf(id)).toHaveLength(1);
    await runPurge(kept!.keepUntil.getTime() + 60_000);
    expect(await positionsOf(id)).toHaveLength(0);
  });
});

describe('the live stream', () => {
  it('sends each position to a tracking page open on another app instance, then the steps, and ends with the trip', async () => {
    const { id, token } = await assignedTrip();
    const page = await openStream(otherBase, id);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('content-type')).toContain('text/event-stream');
    // The stream is written past Fastify's reply: it still carries the security headers (decision 0160).
    expect(page.response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.response.headers.get('x-frame-options')).toBe('DENY');
    expect(page.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.next()).toEqual({ event: 'status', data: { status: 'waiting', position: null, arrival: null } });

    expectStatus(await step(id, token, 'en_route'), 200);
    expect(await page.next()).toMatchObject({ event: 'status', data: { status: 'en_route', position: null } });
    // Posted to the first instance, delivered by the other one through the database's notifications.
    for (const [index, point] of [NEAR_AIRPORT, { lat: 43.68, lon: 7.235, accuracy: 9 }].entries()) {
      expectStatus(await postPosition(id, { token, ...point, at: at(2 - index) }), 200);
      const event = await page.next();
      expect(event).toMatchObject({ event: 'position', data: { status: 'en_route', position: { lat: point.lat, lon: point.lon } } });
      expect((event!.data as { arrival: { minutes: number } }).arrival.minutes).toBeGreaterThan(0);
    }
    // A second page on the first instance gets the trip as it is now.
    const second = await openStream(base, id);
    expect(await second.next()).toMatchObject({ event: 'status', data: { position: { lat: 43.68, lon: 7.235 } } });
    second.close();

    expectStatus(await step(id, token, 'on_site'), 200);
    expect(await page.next()).toMatchObject({ event: 'status', data: { status: 'on_site' } });
    expectStatus(await step(id, token, 'on_board'), 200);
    expect(await page.next()).toEqual({ event: 'status', data: { status: 'on_board', position: null, arrival: null } });
    const [row] = await ctx.database.db.select({ pickupAt: bookings.pickupAt }).from(bookings).where(eq(bookings.id, id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(row!.pickupAt.getTime() + 5 * 60_000);
    expectStatus(await step(id, token, 'done'), 200);
    vi.useRealTimers();
    expect(await page.next()).toEqual({ event: 'over', data: null });
    expect(await page.next()).toBeNull();
  });

  it('tells the open pages when the booking itself changes: cancelled, the trip is over for them', async () => {
    const { id, token } = await assignedTrip();
    expectStatus(await step(id, token, 'en_route'), 200);
    const page = await openStream(otherBase, id);
    expect(await page.next()).toMatchObject({ event: 'status', data: { status: 'en_route' } });
    // A change the page does not show (the customer's message) is not sent as the same status again:
    // the next event is the chauffeur's next position.
    await ctx.database.db.update(bookings).set({ message: 'Porte B' }).where(eq(bookings.id, id));
    expectStatus(await postPosition(id, { token, ...NEAR_AIRPORT, at: at(1) }), 200);
    expect(await page.next()).toMatchObject({ event: 'position', data: { status: 'en_route', position: { lat: NEAR_AIRPORT.lat } } });
    await ctx.database.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));
    expect(await page.next()).toEqual({ event: 'over', data: null });
    expect(await page.next()).toBeNull();
  });
});

describe('shutting down', () => {
  it('ends the open streams, so that a graceful stop does not wait for the pages, which reconnect to another process', async () => {
    const { id } = await assignedTrip();
    const leaving = await createTestApp(ENV, { database: ctx.database });
    const page = await openStream(await leaving.app.listen({ port: 0, host: '127.0.0.1' }), id);
    expect(await page.next()).toMatchObject({ event: 'status' });
    await leaving.close();
    expect(await page.next()).toBeNull();
  });
});

describe('the name sign (decision 0133)', () => {
  const AIRPORT = { title: 'Aéroport Nice Côte d’Azur', placeId: 'airport-nice-cote-d-azur', type: 'airport' };
  const STATION = { title: 'Gare de Nice-Ville', placeId: 'station-nice-ville', type: 'station' };
  const mission = (id: number, token: string) => ctx.app.inject({ method: 'GET', url: `/api/mission/${id}?token=${encodeURIComponent(token)}` });

  it('shows the name given at step three for an airport pickup, the passenger’s when none is given, and nothing elsewhere', async () => {
    const named = await assignedTrip({ trip: { origin: AIRPORT, rentFromType: 'airport' }, confirm: { signName: '  عائلة الحسيني  ' } });
    expect((await mission(named.id, named.token)).json().data.signName).toBe('عائلة الحسيني');
    const station = await assignedTrip({ trip: { origin: STATION, rentFromType: 'station' } });
    expect((await mission(station.id, station.token)).json().data.signName).toBe('Camille Martin');
    const street = await assignedTrip({ confirm: { signName: 'Ignored' } });
    expect((await mission(street.id, street.token)).json().data.signName).toBeNull();
    const [row] = await ctx.database.db.select({ signName: bookings.signName }).from(bookings).where(eq(bookings.id, street.id));
    expect(row!.signName).toBeNull();
  });

  it('refuses a sign name too long, translated, and saves nothing', async () => {
    const { date, carId } = nextTrip();
    const id = await createBooking(ctx.app, customer.token, { date, origin: AIRPORT, rentFromType: 'airport' });
    expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/booking/update-booking-info/${id}`,
      headers: { ...bearer(customer.token), 'accept-language': 'en' },
      payload: { ...confirmPayload(id), signName: 'x'.repeat(61) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: 'signName', message: '60 characters at most' }]);
    const [row] = await ctx.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe('car_selected');
  });
});
