import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookingStatusHistory, bookings, carHolds, missionLinks } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, linkToken, mailText, NEXT_YEAR } from '../booking/booking-helpers.ts';

/**
 * Assignment (decision 0082) and the chauffeur's mission link (decision 0083): the 409s, the
 * mails through a real SMTP sink, and the mission's steps, on PGlite or PostgreSQL.
 */

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let adminToken: string;
let customer: Awaited<ReturnType<typeof registerUser>>;
let cars: { vclass: number; ford: number };

let day = 0;
/** A pickup day of its own for each test's bookings: one booking holds its car at a time (decision 0070). */
const ownDay = () => `${NEXT_YEAR}-05-${String(++day).padStart(2, '0')}`;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ SMTP_URL: sink.url });
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  adminToken = (await loginAdmin(ctx.app, ctx.database)).token;
  customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Back to real time, once the mails written at the moved time have left: on PGlite the database's
 * clock is the process's, so they wait for that time.
 */
async function backToRealTime() {
  await ctx.app.outbox.runOnce();
  vi.useRealTimers();
}

/** Moves the app's clock (decision 0117: steps follow it) to `minutes` from this booking's pickup; sessions stay in real time. */
async function clockAtPickup(id: number, minutes: number) {
  const [row] = await ctx.database.db.select({ pickupAt: bookings.pickupAt }).from(bookings).where(eq(bookings.id, id));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(row!.pickupAt.getTime() + minutes * 60_000);
}

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, language = 'fr') =>
  ctx.app.inject({ method, url, headers: { ...bearer(adminToken), 'accept-language': language }, payload: payload as object });

let driverCount = 0;
async function addDriver(overrides: Record<string, unknown> = {}): Promise<{ id: number; email: string }> {
  driverCount += 1;
  const email = `driver-${driverCount}@riviera-vtc.test`;
  const response = await admin('POST', '/api/driver/add', {
    fullName: `Luc Martin ${driverCount}`,
    phone: '+33 6 98 76 54 32',
    email,
    languages: ['en', 'it'],
    ...overrides,
  });
  expectStatus(response, 201);
  return { id: response.json().data.id as number, email };
}

/** A booking the company accepted (card) or whose cash deposit it received (paid), in the customer's language. */
async function bookingOn(date: string, carId: number, options: { status?: 'pending' | 'accepted' | 'paid'; language?: string; time?: string } = {}) {
  const status = options.status ?? 'accepted';
  const id = await createBooking(ctx.app, customer.token, { date: `${date}T${options.time ?? '10:00'}` }, options.language ?? 'fr');
  expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
  expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: status === 'paid' ? 'cash' : 'stripe' }), 200);
  if (status === 'pending') return id;
  expectStatus(await admin('PUT', `/api/booking/accept/${id}`, {}), 200);
  if (status === 'paid') expectStatus(await admin('PUT', `/api/booking/deposit-received/${id}`), 200);
  return id;
}

const assign = (id: number, driverId: number, carId: number, language = 'fr') => admin('PUT', `/api/booking/assign/${id}`, { driverId, carId }, language);

/** The Subject header, unfolded and its RFC 2047 encoded words (UTF-8, Q or B) decoded. */
function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
    .replace(/\r?\n[ \t]/g, ' ');
}
async function mailsTo(address: string) {
  await ctx.app.outbox.runOnce();
  return sink.received.filter((mail) => mail.to.includes(address));
}
async function missionToken(driverEmail: string, bookingId: number): Promise<string> {
  const mails = (await mailsTo(driverEmail)).filter((mail) => mailText(mail.raw).includes(`/mission?id=${bookingId}&`));
  expect(mails.length).toBeGreaterThan(0);
  return linkToken(mails.at(-1)!.raw, '/mission').token;
}

const getMission = (id: number, token: string, language = 'fr') =>
  ctx.app.inject({ method: 'GET', url: `/api/mission/${id}?token=${encodeURIComponent(token)}`, headers: { 'accept-language': language } });
const putStatus = (id: number, token: string, status: string, language = 'fr') =>
  ctx.app.inject({ method: 'PUT', url: `/api/mission/status/${id}`, headers: { 'accept-language': language }, payload: { token, status } });

async function bookingRow(id: number) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}
const holdsOf = (id: number) => ctx.database.db.select({ carId: carHolds.carId, leg: carHolds.leg }).from(carHolds).where(eq(carHolds.bookingId, id));

describe('assignment', () => {
  it('assigns a chauffeur and a car, mails the chauffeur a mission link and the customer "your chauffeur" in their language', async () => {
    const driver = await addDriver({ fullName: 'Luc Martin', languages: ['en'] });
    const id = await bookingOn(ownDay(), cars.vclass, { language: 'en' });

    const response = await assign(id, driver.id, cars.ford, 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Chauffeur assigned: they were sent the link to their mission',
      data: { id, status: 'accepted', driverId: driver.id, carId: cars.ford },
    });
    expect(await bookingRow(id)).toMatchObject({ driverId: driver.id, carId: cars.ford });
    // The booking's hold moved to the new car.
    expect(await holdsOf(id)).toEqual([{ carId: cars.ford, leg: 'outbound' }]);
    const details = await admin('GET', `/api/booking/${id}`);
    expect(details.json().data).toMatchObject({ driver_id: driver.id, car: { id: cars.ford } });

    const [chauffeurMail] = await mailsTo(driver.email);
    expect(subjectOf(chauffeurMail!.raw)).toContain(`Mission no. ${id}`);
    expect(mailText(chauffeurMail!.raw)).toMatch(new RegExp(`Open the mission: http://localhost:3000/mission\\?id=${id}&token=[\\w%-]{40,}`));
    const customerMails = (await mailsTo(customer.user.email)).filter((mail) => subjectOf(mail.raw).includes(`Your chauffeur for booking no. ${id}`));
    expect(customerMails).toHaveLength(1);
    const text = mailText(customerMails[0]!.raw);
    expect(text).toContain('Chauffeur: Luc Martin');
    expect(text).toMatch(/Vehicle: Ford .*, registration \S+/);
    expect(text).toContain('Phone: 06 98 76 54 32');
    // Only the hash of the token is kept.
    const token = await missionToken(driver.email, id);
    const links = await ctx.database.db.select().from(missionLinks).where(eq(missionLinks.bookingId, id));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).not.toContain(token);

    // The same chauffeur and car again changes nothing and mails nobody.
    const again = await assign(id, driver.id, cars.ford);
    expect(again.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(missionLinks).where(eq(missionLinks.bookingId, id))).toHaveLength(1);
  });

  it('refuses an inactive or busy chauffeur, a busy car, a pending booking and unknown ids: translated, nothing changes', async () => {
    const date = ownDay();
    const busy = await addDriver();
    const inactive = await addDriver({ active: false });
    const first = await bookingOn(date, cars.vclass, { time: '10:00' });
    const second = await bookingOn(date, cars.ford, { time: '10:30' });
    const pending = await bookingOn(ownDay(), cars.vclass, { status: 'pending' });
    expectStatus(await assign(first, busy.id, cars.vclass), 200);
    const before = await bookingRow(second);

    const refusals: [Promise<Awaited<ReturnType<typeof assign>>>, number, string, string][] = [
      [assign(second, inactive.id, cars.ford, 'en'), 409, 'driver_inactive', 'This chauffeur is inactive: make them active again or choose another one'],
      [assign(second, busy.id, cars.ford, 'en'), 409, 'driver_busy', 'This chauffeur already has a trip at that time'],
      [assign(second, (await addDriver()).id, cars.vclass, 'ar'), 409, 'car_busy', 'لا توجد سيارات متاحة في هذا الوقت: هذه السيارة محجوزة بالفعل'],
      [assign(pending, busy.id, cars.vclass, 'en'), 409, 'invalid_transition', 'This booking cannot move to that state'],
      [assign(999_999, busy.id, cars.ford, 'en'), 404, 'booking_not_found', 'Booking not found'],
      [assign(second, 999_999, cars.ford, 'fr'), 404, 'driver_not_found', 'Ce chauffeur n’existe pas ou a été supprimé'],
      [assign(second, busy.id, 999_999, 'en'), 404, 'car_not_exist', expect.any(String) as unknown as string],
    ];
    for (const [pendingResponse, status, code, message] of refusals) {
      const response = await pendingResponse;
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ code, message });
    }
    const bad = await admin('PUT', `/api/booking/assign/${second}`, { driverId: 'x' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');

    expect(await bookingRow(second)).toEqual(before);
    expect(await holdsOf(second)).toEqual([{ carId: cars.ford, leg: 'outbound' }]);
    expect(await ctx.database.db.select().from(missionLinks).where(eq(missionLinks.bookingId, second))).toEqual([]);
    // A chauffeur with this trip to come cannot be deleted meanwhile.
    expect((await admin('DELETE', `/api/driver/delete/${busy.id}`)).json().code).toBe('driver_has_trips');
  });

  it('of two concurrent assignments of one chauffeur to overlapping trips, one wins', async () => {
    const date = ownDay();
    const driver = await addDriver();
    const first = await bookingOn(date, cars.vclass, { time: '15:00' });
    const second = await bookingOn(date, cars.ford, { time: '15:20' });
    const responses = await Promise.all([assign(first, driver.id, cars.vclass), assign(second, driver.id, cars.ford)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().code).toBe('driver_busy');
    const assigned = (await Promise.all([bookingRow(first), bookingRow(second)])).filter((row) => row.driverId === driver.id);
    expect(assigned).toHaveLength(1);
  });
});

describe('the chauffeur’s mail', () => {
  it('names the places in the chauffeur’s language, not in the customer’s', async () => {
    const driver = await addDriver({ fullName: 'Paul Girard', languages: ['fr'] });
    const id = await bookingOn(ownDay(), cars.vclass, { language: 'ar' });
    expectStatus(await assign(id, driver.id, cars.vclass), 200);
    const [linkMail] = (await mailsTo(driver.email)).filter((mail) => subjectOf(mail.raw).includes(`Mission n° ${id}`));
    const mail = `${subjectOf(linkMail!.raw)}\n${mailText(linkMail!.raw)}`;
    expect(mail).toContain('Nice');
    expect(mail).toContain('Monaco');
    expect(mail).not.toMatch(/نيس|موناكو/);
  });
});

describe('mission link', () => {
  it('shows this booking’s mission, then goes en route → on site → on board → done, which completes the paid booking', async () => {
    const driver = await addDriver({ fullName: 'Sami Haddad', languages: ['ar', 'fr'] });
    const id = await bookingOn(ownDay(), cars.vclass, { status: 'paid', language: 'en' });
    expectStatus(await assign(id, driver.id, cars.vclass), 200);
    const [linkMail] = await mailsTo(driver.email);
    // The chauffeur's mail is in the first of their languages the product speaks: French before Arabic.
    expect(subjectOf(linkMail!.raw)).toContain(`Mission n° ${id}`);
    const token = await missionToken(driver.email, id);

    const shown = await getMission(id, token);
    expect(shown.statusCode, shown.body).toBe(200);
    const booking = await bookingRow(id);
    expect(shown.json().data).toMatchObject({
      id,
      bookingStatus: 'paid',
      status: null,
      next: 'en_route',
      driverName: 'Sami Haddad',
      pickup: { title: 'Nice', address: '1 promenade des Anglais, Nice', navigationUrl: expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/) },
      destination: { title: 'Monaco' },
      passenger: { name: 'Camille Martin', phone: '+33612345678' },
      party: { adults: 2, children: 0, childrenSeat: 0 },
      luggage: { under10kg: 1, above10kg: 1, above30kg: 0 },
      flightNumber: 'AF7700',
      message: 'Deux valises',
      car: { name: expect.stringContaining('Classe V'), plate: expect.any(String) },
      balanceCents: booking.totalCents! - booking.depositCents!,
      onAccount: false,
      nextOpensAt: new Date(booking.pickupAt.getTime() - 3 * 3_600_000).toISOString(),
      history: [],
    });
    // Nothing of any other booking, nor of the account.
    expect(JSON.stringify(shown.json())).not.toContain(customer.user.email);

    const outOfOrder = await putStatus(id, token, 'on_site', 'en');
    expect(outOfOrder.statusCode).toBe(409);
    expect(outOfOrder.json()).toEqual({ code: 'mission_status_order', message: 'The steps go in order: en route, on site, passenger on board, done' });

    await clockAtPickup(id, -120);
    const enRoute = await putStatus(id, token, 'en_route', 'ar');
    expect(enRoute.statusCode, enRoute.body).toBe(200);
    expect(enRoute.json()).toMatchObject({ message: 'تم تسجيل المرحلة', data: { status: 'en_route', next: 'on_site' } });
    const enRouteMails = (await mailsTo(customer.user.email)).filter((mail) => subjectOf(mail.raw).includes(`Your chauffeur is on the way (booking no. ${id})`));
    expect(enRouteMails).toHaveLength(1);
    expect(mailText(enRouteMails[0]!.raw)).toContain('Sami Haddad is on the way to 1 promenade des Anglais, Nice');
    // A repeat changes nothing: no second history entry, no second mail.
    expectStatus(await putStatus(id, token, 'en_route'), 200);

    expectStatus(await putStatus(id, token, 'on_site'), 200);
    const early = await putStatus(id, token, 'done', 'en');
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('mission_status_order');
    expectStatus(await putStatus(id, token, 'on_board'), 200);
    await clockAtPickup(id, 1);
    const done = await putStatus(id, token, 'done');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ bookingStatus: 'completed', status: 'done', next: null });
    expect((await bookingRow(id)).status).toBe('completed');
    expect(await holdsOf(id)).toEqual([]);
    expect((await mailsTo(customer.user.email)).filter((mail) => subjectOf(mail.raw).includes('on the way') && subjectOf(mail.raw).includes(`${id}`))).toHaveLength(1);

    const history = await ctx.database.db
      .select({ from: bookingStatusHistory.fromStatus, to: bookingStatusHistory.toStatus, kind: bookingStatusHistory.actorKind, mission: bookingStatusHistory.missionStatus })
      .from(bookingStatusHistory)
      .where(and(eq(bookingStatusHistory.bookingId, id), isNotNull(bookingStatusHistory.missionStatus)))
      .orderBy(asc(bookingStatusHistory.id));
    expect(history).toEqual([
      { from: 'paid', to: 'paid', kind: 'driver', mission: 'en_route' },
      { from: 'paid', to: 'paid', kind: 'driver', mission: 'on_site' },
      { from: 'paid', to: 'paid', kind: 'driver', mission: 'on_board' },
      { from: 'paid', to: 'completed', kind: 'driver', mission: 'done' },
    ]);
    const after = await getMission(id, token);
    expect(after.json().data.history.map((step: { status: string }) => step.status)).toEqual(['en_route', 'on_site', 'on_board', 'done']);
    // Done again is a repeat; the drawer's history shows the steps.
    expectStatus(await putStatus(id, token, 'done'), 200);
    await backToRealTime();
    const details = await admin('GET', `/api/booking/${id}`);
    expect(details.json().data.history.at(-1)).toMatchObject({ to_status: 'completed', actor_kind: 'driver', mission_status: 'done' });
  });

  it('refuses a wrong, foreign, replaced or expired token with a translated error, and changes nothing', async () => {
    const first = await addDriver();
    const second = await addDriver();
    const id = await bookingOn(ownDay(), cars.vclass);
    const other = await bookingOn(ownDay(), cars.vclass);
    expectStatus(await assign(id, first.id, cars.vclass), 200);
    expectStatus(await assign(other, second.id, cars.vclass), 200);
    const oldToken = await missionToken(first.email, id);
    const foreignToken = await missionToken(second.email, other);

    for (const response of [await getMission(id, 'not-a-token', 'en'), await getMission(id, foreignToken, 'en'), await getMission(999_999, oldToken, 'en')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 'mission_link_invalid', message: 'This mission link is not valid' });
    }
    expect((await putStatus(id, foreignToken, 'en_route')).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/mission/${id}` })).statusCode).toBe(400);
    expect((await putStatus(id, oldToken, 'arrived')).statusCode).toBe(400);

    // Reassigning mails the new chauffeur a new link and kills the old one.
    expectStatus(await assign(id, second.id, cars.ford), 200);
    const newToken = await missionToken(second.email, id);
    const replayed = await putStatus(id, oldToken, 'en_route', 'en');
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toEqual({
      code: 'mission_link_revoked',
      message: 'This mission link no longer works: the trip was given to another chauffeur or changed',
    });
    expectStatus(await getMission(id, newToken), 200);

    await ctx.database.db.update(missionLinks).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(missionLinks.bookingId, id));
    const expired = await getMission(id, newToken, 'ar');
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ code: 'mission_link_expired', message: 'انتهت صلاحية رابط المهمة هذا' });
    expect((await putStatus(id, newToken, 'en_route')).statusCode).toBe(403);

    const steps = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(and(eq(bookingStatusHistory.bookingId, id), isNotNull(bookingStatusHistory.missionStatus)));
    expect(steps).toEqual([]);
  });

  it('gives the chauffeur the booking voucher through the link, naming the chauffeur, and refuses a wrong token', async () => {
    const driver = await addDriver({ fullName: 'Inès Voucher' });
    const id = await bookingOn(ownDay(), cars.vclass, { status: 'paid' });
    expectStatus(await assign(id, driver.id, cars.vclass), 200);
    const token = await missionToken(driver.email, id);

    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/mission/voucher/${id}?token=${encodeURIComponent(token)}` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="BR-\d{4}-\d{6}-v2\.pdf"$/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const wrong = await ctx.app.inject({ method: 'GET', url: `/api/mission/voucher/${id}?token=not-the-token`, headers: { 'accept-language': 'en' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.headers['content-type']).toMatch(/json/);
    const other = await bookingOn(ownDay(), cars.vclass, { status: 'paid' });
    const foreign = await ctx.app.inject({ method: 'GET', url: `/api/mission/voucher/${other}?token=${encodeURIComponent(token)}` });
    expect(foreign.statusCode).toBe(404);
  });

  it('a cancelled trip shows no buttons and refuses steps', async () => {
    const driver = await addDriver();
    const id = await bookingOn(ownDay(), cars.vclass);
    expectStatus(await assign(id, driver.id, cars.vclass), 200);
    const token = await missionToken(driver.email, id);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: bearer(customer.token) }), 200);
    expect((await getMission(id, token)).json().data).toMatchObject({ bookingStatus: 'cancelled', next: null });
    const refused = await putStatus(id, token, 'en_route', 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'mission_closed', message: 'This trip is cancelled or closed' });
  });
});

describe('a trip off for its chauffeur (decision 0109)', () => {
  const voucher = (id: number, token: string, language = 'fr') =>
    ctx.app.inject({ method: 'GET', url: `/api/mission/voucher/${id}?token=${encodeURIComponent(token)}`, headers: { 'accept-language': language } });

  /** Everything a refused link must leave as it was: the booking, its links and its history. */
  async function stateOf(id: number) {
    return {
      booking: await bookingRow(id),
      links: await ctx.database.db.select().from(missionLinks).where(eq(missionLinks.bookingId, id)).orderBy(asc(missionLinks.id)),
      history: await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id)).orderBy(asc(bookingStatusHistory.id)),
    };
  }

  /** The passenger's and the trip's details, none of which an off link may tell. */
  const secrets = () => ['Camille Martin', '+33612345678', '06 12 34 56 78', customer.user.email, 'promenade des Anglais', 'Nice', 'Monaco', 'AF7700', 'Deux valises'];

  async function expectOnlyOff(id: number, token: string, expected: { reason: string; bookingStatus: string | null }, messages: Record<string, string>) {
    for (const [language, message] of Object.entries(messages)) {
      const response = await getMission(id, token, language);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { id, status: 'off', reason: expected.reason, bookingStatus: expected.bookingStatus, next: null, message } });
      for (const secret of secrets()) expect(response.body).not.toContain(secret);
    }
  }

  /** Every step and the voucher refused with this translated error, and nothing of the trip in the answers. */
  async function expectRefused(id: number, token: string, status: number, error: { code: string; message: string }) {
    for (const step of ['en_route', 'on_site', 'on_board', 'done']) {
      const refused = await putStatus(id, token, step, 'en');
      expect(refused.statusCode, `${step}: ${refused.body}`).toBe(status);
      expect(refused.json()).toEqual(error);
    }
    const pdf = await voucher(id, token, 'en');
    expect(pdf.statusCode).toBe(status);
    expect(pdf.headers['content-type']).toMatch(/json/);
    expect(pdf.json()).toEqual(error);
  }

  const cancelledMessages = {
    fr: 'Cette course a été annulée : ne vous déplacez pas',
    en: 'This trip has been cancelled: do not go',
    ar: 'أُلغيت هذه الرحلة: لا داعي للتوجّه إليها',
  };
  const closed = { code: 'mission_closed', message: 'This trip is cancelled or closed' };

  it('cancelled by the customer after the chauffeur set off: the link says only that, refuses every step and the voucher', async () => {
    const driver = await addDriver();
    const id = await bookingOn(ownDay(), cars.vclass, { status: 'paid' });
    expectStatus(await assign(id, driver.id, cars.vclass), 200);
    const token = await missionToken(driver.email, id);
    await clockAtPickup(id, -60);
    expectStatus(await putStatus(id, token, 'en_route'), 200);
    await backToRealTime();
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: bearer(customer.token) }), 200);
    const before = await stateOf(id);

    await expectOnlyOff(id, token, { reason: 'cancelled', bookingStatus: 'cancelled' }, cancelledMessages);
    // The step already given again is refused too, not answered with the trip.
    await expectRefused(id, token, 409, closed);
    expect(await stateOf(id)).toEqual(before);
  });

  it('cancelled by the company: the same', async () => {
    const driver = await addDriver();
    const id = await bookingOn(ownDay(), cars.vclass);
    expectStatus(await assign(id, driver.id, cars.vclass), 200);
    const token = await missionToken(driver.email, id);
    expectStatus(await admin('PUT', `/api/user/booking/cancel/${id}`), 200);
    const before = await stateOf(id);

    await expectOnlyOff(id, token, { reason: 'cancelled', bookingStatus: 'cancelled' }, cancelledMessages);
    await expectRefused(id, token, 409, closed);
    expect(await stateOf(id)).toEqual(before);
  });

  it('reassigned: the old link says only that the trip is no longer theirs; the new chauffeur’s link works', async () => {
    const first = await addDriver();
    const second = await addDriver({ fullName: 'Nadia Relais' });
    const id = await bookingOn(ownDay(), cars.vclass, { status: 'paid' });
    expectStatus(await assign(id, first.id, cars.vclass), 200);
    const oldToken = await missionToken(first.email, id);
    await clockAtPickup(id, -60);
    expectStatus(await putStatus(id, oldToken, 'en_route'), 200);
    await backToRealTime();
    expectStatus(await assign(id, second.id, cars.ford), 200);
    const newToken = await missionToken(second.email, id);
    const before = await stateOf(id);

    await expectOnlyOff(
      id,
      oldToken,
      { reason: 'reassigned', bookingStatus: null },
      {
        fr: 'Cette course n’est plus la vôtre : la société l’a confiée à un autre chauffeur. Ne vous déplacez pas',
        en: 'This trip is no longer yours: the company gave it to another chauffeur. Do not go',
        ar: 'لم تعد هذه الرحلة لك: أسندتها الشركة إلى سائق آخر. لا داعي للتوجّه إليها',
      },
    );
    await expectRefused(id, oldToken, 403, {
      code: 'mission_link_revoked',
      message: 'This mission link no longer works: the trip was given to another chauffeur or changed',
    });
    expect(await stateOf(id)).toEqual(before);

    const shown = await getMission(id, newToken);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({ id, bookingStatus: 'paid', driverName: 'Nadia Relais', passenger: { name: 'Camille Martin', phone: '+33612345678' } });
    expect((await voucher(id, newToken)).headers['content-type']).toBe('application/pdf');
    await clockAtPickup(id, -60);
    expectStatus(await putStatus(id, newToken, 'en_route'), 200);
  });
});
