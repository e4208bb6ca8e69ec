import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { findSeason } from '@vtc/shared/pricing/find-season';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { getParisParts } from '@vtc/shared/time/paris-time';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, bookingStatusHistory, hourlyRates, invoices, mailOutbox, scheduledJobs, seasons, tours } from '../../src/platform/db/schema.ts';
import { sendDriverDigests } from '../../src/operations/digest/driver-digest.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { bookingPayload, chooseCar, confirmBooking, demoCars, expectStatus, mailParts, mailsOf, MONACO, NEXT_YEAR } from '../booking/booking-helpers.ts';

/**
 * After the funnel, a hire is a hire (issue 22, decision 0137), on PGlite or PostgreSQL: its
 * mails, calendar file, voucher and invoice tell the service, its start and end (each day) and
 * programme; the chauffeur ends it with the end time and the km, overtime in started quarter
 * hours and the km beyond those included are billed as invoice lines with their reason; an end
 * before the booked one is refused and nothing is saved. Time is moved, never waited for.
 */

let ctx: TestContext;
let customer: Awaited<ReturnType<typeof registerUser>>;
let cars: { vclass: number; ford: number };
let monacoTourId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
  const [tour] = await ctx.database.db.select({ id: tours.id }).from(tours).where(eq(tours.nameFr, 'Monaco et Èze'));
  monacoTourId = tour!.id;
});
afterAll(async () => ctx.close());
afterEach(async () => {
  // Mails written at a moved time leave before the clock goes back.
  await ctx.app.outbox.runOnce();
  vi.useRealTimers();
});

/** An admin session opened now, whatever the clock says. */
const admin = async (method: 'GET' | 'PUT', url: string, payload?: unknown, language = 'fr') =>
  ctx.app.inject({ method, url, headers: { ...bearer((await loginAdmin(ctx.app, ctx.database)).token), 'accept-language': language }, payload: payload as object });
/** The customer's request with a session opened now, whatever the clock says (an access token lives 15 minutes). */
async function customerGet(url: string, language = 'fr') {
  const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.user.email, password: customer.password } });
  return ctx.app.inject({ method: 'GET', url, headers: { ...bearer((login.json() as { token: string }).token), 'accept-language': language } });
}

async function bookingRow(id: number) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/** Moves the clock to `minutes` after the instant. */
function clockAt(instant: Date, minutes = 0) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant.getTime() + minutes * 60_000);
}

/** A hire (or a transfer) confirmed in cash at step three, accepted by the company: it holds its car. */
async function acceptedBooking(body: Record<string, unknown>, carId = cars.vclass, language = 'fr', method: 'cash' | 'stripe' = 'cash'): Promise<number> {
  const { destination: _none, ...withoutDropOff } = bookingPayload();
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/booking/add',
    headers: { ...bearer(customer.token), 'accept-language': language },
    payload: { ...withoutDropOff, ...body },
  });
  expectStatus(response, 201);
  const id = (response.json() as { bookingId: number }).bookingId;
  expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
  expectStatus(await confirmBooking(ctx.app, customer.token, id, { method }), 200);
  expectStatus(await admin('PUT', `/api/booking/accept/${id}`, {}), 200);
  return id;
}

let driverCount = 0;
/** Assigns a new chauffeur and returns the token of the mission link mailed to them. */
async function assignDriver(id: number, carId = cars.vclass): Promise<string> {
  driverCount += 1;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/driver/add',
    headers: bearer((await loginAdmin(ctx.app, ctx.database)).token),
    payload: { fullName: `Luc Hire ${driverCount}`, phone: '+33 6 98 76 54 32', email: `hire-${driverCount}@riviera-vtc.test`, languages: ['fr'] },
  });
  expectStatus(created, 201);
  expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId: created.json().data.id, carId }), 200);
  const [mail] = (await mailsOf(ctx.database.db, 'mission_link', id)).slice(-1);
  return /\/mission\?id=\d+&(?:amp;)?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody)![1]!;
}

const mission = (id: number, token: string) => ctx.app.inject({ method: 'GET', url: `/api/mission/${id}?token=${encodeURIComponent(token)}` });
const step = (id: number, token: string, status: string, language = 'fr') =>
  ctx.app.inject({ method: 'PUT', url: `/api/mission/status/${id}`, headers: { 'accept-language': language }, payload: { token, status } });
const endHire = (id: number, token: string, body: Record<string, unknown>, language = 'fr') =>
  ctx.app.inject({ method: 'PUT', url: `/api/mission/end/${id}`, headers: { 'accept-language': language }, payload: { token, ...body } });
const invoiceOf = async (id: number) => (await ctx.database.db.select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'invoice'))))[0];

/** The hire rate of a car in the season of a pickup, as the demo data set it. */
async function rateOf(carId: number, pickupAt: Date) {
  const rows = await ctx.database.db
    .select({ rate: hourlyRates, startMonth: seasons.startMonth, endMonth: seasons.endMonth })
    .from(hourlyRates)
    .innerJoin(seasons, eq(seasons.id, hourlyRates.seasonId))
    .where(eq(hourlyRates.carId, carId));
  return findSeason(getParisParts(pickupAt).month, rows)!.rate;
}

/** A Paris wall time as the chauffeur's form sends it. */
const local = (instant: Date) => {
  const p = getParisParts(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
};
/** Amounts as a PDF reads back: any space (narrow, no-break) as one. */
const flat = (text: string) => text.replace(/[\s\u202f\u00a0]+/g, ' ');
const euros = (cents: number) => flat(formatEuros(cents, 'fr'));
const whole = (cents: number) => Math.round(cents / 100) * 100;

describe('a 5-hour hire, from its mails to its end with overtime and extra km', () => {
  let id: number;
  let token: string;
  let pickupAt: Date;
  let endsAt: Date;
  let bookedCents: number;

  it('mails, calendar file and voucher say the service, the start, the end and the programme', async () => {
    id = await acceptedBooking({ serviceType: 'hourly', hours: 5, date: `${NEXT_YEAR}-04-14T09:00`, programme: 'Cannes, Antibes, Saint-Paul' });
    ({ pickupAt, totalCents: bookedCents } = (await bookingRow(id)) as { pickupAt: Date; totalCents: number });
    endsAt = (await bookingRow(id)).endsAt!;
    expect(endsAt.getTime() - pickupAt.getTime()).toBe(5 * 3_600_000);

    // Cash at step three: "confirmed" to the customer, with the calendar file of the whole hire.
    const [confirmed] = await mailsOf(ctx.database.db, 'cash_confirmed', id);
    expect(confirmed!.textBody).toContain('Prestation : Mise à disposition 5 h');
    expect(confirmed!.textBody).toContain('Lieu de prise en charge : Nice');
    expect(confirmed!.textBody).toMatch(/Début : 14\/04\/\d{4} 09:00 \(heure de Paris\)/);
    expect(confirmed!.textBody).toMatch(/Fin : 14\/04\/\d{4} 14:00 \(heure de Paris\)/);
    expect(confirmed!.textBody).toContain('Programme : Cannes, Antibes, Saint-Paul');
    expect(confirmed!.textBody).not.toContain('Distance');
    const ics = confirmed!.attachments[0]!.content;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(`DTSTART:${NEXT_YEAR}0414T070000Z`);
    expect(ics).toContain(`DTEND:${NEXT_YEAR}0414T120000Z`);
    expect(ics).toContain(`UID:booking-${id}-outbound@localhost`);
    expect(ics).toContain('SUMMARY:Riviera VTC : Mise à disposition 5 h\\, Nice');

    const voucher = await customerGet(`/api/user/booking/voucher/${id}`);
    expectStatus(voucher, 200);
    const text = await pdfText(voucher.rawPayload);
    for (const words of ['Prestation', 'Mise à disposition 5 h', 'Fin de la prestation', '14 avril', 'à 14:00', 'Programme', 'Cannes, Antibes, Saint-Paul']) {
      expect(text).toContain(words);
    }
    // No drop-off: the voucher names none.
    expect(text).not.toContain('Lieu de dépose');
  });

  it('the chauffeur’s mail and page show the hire as one block to its end, with the km included', async () => {
    token = await assignDriver(id);
    const [link] = (await mailsOf(ctx.database.db, 'mission_link', id)).slice(-1);
    expect(link!.textBody).toContain('Prestation : Mise à disposition 5 h');
    expect(link!.textBody).toMatch(/Fin : 14\/04\/\d{4} 14:00/);
    expect(link!.textBody).toContain('Programme : Cannes, Antibes, Saint-Paul');
    const rate = await rateOf(cars.vclass, pickupAt);
    expect((await mission(id, token)).json().data.hire).toEqual({
      serviceType: 'hourly',
      hours: 5,
      days: null,
      tourName: null,
      programme: 'Cannes, Antibes, Saint-Paul',
      hasDropOff: false,
      endsAt: endsAt.toISOString(),
      endsLocal: `${NEXT_YEAR}-04-14T14:00`,
      periods: [{ day: null, start: pickupAt.toISOString(), end: endsAt.toISOString() }],
      kmIncluded: 5 * rate.kmIncludedPerHour,
      endedAt: null,
      endKm: null,
      overtimeMinutes: null,
      overtimeCents: null,
      extraKm: null,
      extraKmCents: null,
    });
  });

  it('“done” on a hire asks for its end; an end before the booked one, in the future or without km is refused and nothing is saved', async () => {
    clockAt(pickupAt, -30);
    for (const status of ['en_route', 'on_site', 'on_board']) expectStatus(await step(id, token, status), 200);
    clockAt(endsAt, 60);
    const done = await step(id, token, 'done');
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({ code: 'hire_end_required', message: 'Une mise à disposition se termine avec son heure de fin et ses kilomètres : utilisez « Terminer la mise à disposition »' });

    const early = await endHire(id, token, { endedAt: local(new Date(endsAt.getTime() - 60_000)), km: 150 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'endedAt', message: 'La fin réelle ne peut pas précéder la fin réservée' }] });
    const earlyEn = await endHire(id, token, { endedAt: local(pickupAt), km: 150 }, 'en');
    expect(earlyEn.json().errors).toEqual([{ path: 'endedAt', message: 'The actual end cannot be before the booked end' }]);
    const earlyAr = await endHire(id, token, { endedAt: local(pickupAt), km: 150 }, 'ar');
    expect(earlyAr.json().errors).toEqual([{ path: 'endedAt', message: 'لا يمكن أن تسبق النهاية الفعلية النهاية المحجوزة' }]);

    const future = await endHire(id, token, { endedAt: local(new Date(endsAt.getTime() + 90 * 60_000)), km: 150 });
    expect(future.json().errors).toEqual([{ path: 'endedAt', message: 'La fin de la mise à disposition ne peut pas être dans le futur' }]);
    const noKm = await endHire(id, token, { endedAt: local(endsAt) });
    expect(noKm.statusCode).toBe(400);
    expect(noKm.json().errors).toEqual([{ path: 'km', message: 'Ce champ est obligatoire' }]);
    const badKm = await endHire(id, token, { endedAt: local(endsAt), km: -3 });
    expect(badKm.json().errors?.[0]?.path).toBe('km');
    const badTime = await endHire(id, token, { endedAt: 'tomorrow', km: 10 });
    expect(badTime.json().errors?.[0]?.path).toBe('endedAt');

    const row = await bookingRow(id);
    expect(row).toMatchObject({ status: 'accepted', endedAt: null, endKm: null, overtimeCents: null, extraKmCents: null, totalCents: bookedCents });
    expect(await invoiceOf(id)).toBeUndefined();
  });

  it('ended 40 minutes late with 132 km: 45 minutes of overtime (3 quarters) and 32 extra km at the booked rate, on the invoice with their reason', async () => {
    const rate = await rateOf(cars.vclass, pickupAt);
    const overtimeCents = whole((rate.pricePerHourCents * 3) / 4);
    const extraKm = 132 - 5 * rate.kmIncludedPerHour;
    const extraKmCents = whole(rate.pricePerExtraKmCents * extraKm);
    expect(extraKm).toBe(32);

    clockAt(endsAt, 45);
    const ended = await endHire(id, token, { endedAt: local(new Date(endsAt.getTime() + 40 * 60_000)), km: '132' });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({
      message: 'Mise à disposition terminée',
      data: {
        bookingStatus: 'completed',
        status: 'done',
        next: null,
        hire: { endedAt: new Date(endsAt.getTime() + 40 * 60_000).toISOString(), endKm: 132, overtimeMinutes: 45, overtimeCents, extraKm: 32, extraKmCents },
        balanceCents: bookedCents + overtimeCents + extraKmCents,
      },
    });
    expect(await bookingRow(id)).toMatchObject({ status: 'completed', endKm: 132, overtimeCents, extraKmCents, totalCents: bookedCents + overtimeCents + extraKmCents });
    const [history] = await ctx.database.db
      .select()
      .from(bookingStatusHistory)
      .where(and(eq(bookingStatusHistory.bookingId, id), eq(bookingStatusHistory.toStatus, 'completed')));
    expect(history).toMatchObject({ actorKind: 'driver', missionStatus: 'done' });
    // Once done, it cannot be ended again.
    expect((await endHire(id, token, { endedAt: local(endsAt), km: 10 })).json().code).toBe('mission_closed');

    const invoice = await invoiceOf(id);
    expect(invoice).toMatchObject({ totalInclTaxCents: bookedCents + overtimeCents + extraKmCents });
    const company = await pdfText((await admin('GET', `/api/booking/invoice/${id}?kind=invoice`)).rawPayload);
    const read = flat(company);
    expect(read).toContain(`Mise à disposition 5 h ${euros(bookedCents)} Dépassement 45 min ${euros(overtimeCents)} 32 km supplémentaires ${euros(extraKmCents)}`);
    expect(company).toContain('Fin de la prestation');
    expect(read).toContain(`Total TTC ${euros(bookedCents + overtimeCents + extraKmCents)}`);

    const lines = [
      { kind: 'hourly', hours: 5, cents: bookedCents },
      { kind: 'overtime', minutes: 45, cents: overtimeCents },
      { kind: 'extra_km', km: 32, cents: extraKmCents },
    ];
    expect((await admin('GET', `/api/booking/${id}`)).json().data).toMatchObject({ serviceType: 'hourly', overtimeCents, extraKmCents, endKm: 132, invoice_lines: lines });
    const own = (await customerGet(`/api/user/booking/details/${id}`)).json().data;
    expect(own).toMatchObject({ invoice_lines: lines, total_cents: bookedCents + overtimeCents + extraKmCents });

    // The planning shows the hire as one block to its actual end, plus the buffer.
    const calendar = (await admin('GET', `/api/booking/calendar?from=${NEXT_YEAR}-04-14&to=${NEXT_YEAR}-04-15`)).json().data;
    expect(calendar.filter((trip: { bookingId: number }) => trip.bookingId === id)).toEqual([
      expect.objectContaining({
        leg: 'outbound',
        serviceType: 'hourly',
        status: 'completed',
        start: pickupAt.toISOString(),
        end: new Date(endsAt.getTime() + (40 + 30) * 60_000).toISOString(),
        route: 'Nice',
        hire: { hours: 5, days: null, tourName: null },
      }),
    ]);
  });

  it('a transfer has no end form: not_a_hire', async () => {
    const transfer = await acceptedBooking({ destination: { title: 'Monaco', placeId: 'city-monaco', type: 'address' }, date: `${NEXT_YEAR}-04-20T09:00` });
    const transferToken = await assignDriver(transfer);
    const refused = await endHire(transfer, transferToken, { endedAt: `${NEXT_YEAR}-04-20T10:00`, km: 20 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'not_a_hire', message: 'Cette réservation n’est pas une mise à disposition' });
    expect((await mission(transfer, transferToken)).json().data.hire).toBeNull();
  });
});

describe('a hire ended on time, within its km, adds nothing', () => {
  it('bills the booked price alone, one invoice line', async () => {
    const id = await acceptedBooking({ serviceType: 'hourly', hours: 3, date: `${NEXT_YEAR}-04-22T15:00` });
    const token = await assignDriver(id);
    const { pickupAt, endsAt, totalCents } = await bookingRow(id);
    // Before "passenger on board", the hire cannot end.
    expect((await endHire(id, token, { endedAt: local(endsAt!), km: 40 })).json().code).toBe('mission_status_order');
    clockAt(pickupAt, -10);
    for (const status of ['en_route', 'on_site', 'on_board']) expectStatus(await step(id, token, status), 200);
    clockAt(endsAt!, 5);
    const ended = await endHire(id, token, { endedAt: local(endsAt!), km: 40 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data.hire).toMatchObject({ overtimeMinutes: 0, overtimeCents: 0, extraKm: 0, extraKmCents: 0 });
    expect((await bookingRow(id)).totalCents).toBe(totalCents);
    expect((await admin('GET', `/api/booking/${id}`)).json().data.invoice_lines).toEqual([{ kind: 'hourly', hours: 3, cents: totalCents }]);
  });
});

describe('a 2-day hire', () => {
  it('is one calendar event per day, each day on the voucher, in the mails and on the chauffeur’s page; overtime past the last day', async () => {
    const id = await acceptedBooking({ serviceType: 'daily', days: 2, date: `${NEXT_YEAR}-05-05T08:30`, programme: 'Mariage à Grasse' });
    const { pickupAt, endsAt, totalCents } = await bookingRow(id);
    const [confirmed] = await mailsOf(ctx.database.db, 'cash_confirmed', id);
    expect(confirmed!.textBody).toContain('Prestation : Mise à disposition 2 jours');
    expect(confirmed!.textBody).toMatch(/Jour 1 : 05\/05\/\d{4} 08:30 – 16:30 \(heure de Paris\)/);
    expect(confirmed!.textBody).toMatch(/Jour 2 : 06\/05\/\d{4} 08:30 – 16:30 \(heure de Paris\)/);
    const ics = mailParts(`\r\n--x\r\nContent-Type: text/calendar\r\n\r\n${confirmed!.attachments[0]!.content}`).at(-1)!.text;
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain(`UID:booking-${id}-day1@localhost`);
    expect(ics).toContain(`DTSTART:${NEXT_YEAR}0505T063000Z`);
    expect(ics).toContain(`DTEND:${NEXT_YEAR}0505T143000Z`);
    expect(ics).toContain(`UID:booking-${id}-day2@localhost`);
    expect(ics).toContain(`DTSTART:${NEXT_YEAR}0506T063000Z`);
    expect(ics).toContain(`DTEND:${NEXT_YEAR}0506T143000Z`);

    const voucher = await pdfText((await customerGet(`/api/user/booking/voucher/${id}`)).rawPayload);
    expect(voucher).toContain('Mise à disposition 2 jours');
    expect(voucher).toMatch(/Jour 1\s+Jour 2[\s\S]*5 mai \d{4} à 08:30 – 16:30\s+6 mai \d{4} à 08:30 – 16:30/);
    expect(voucher).toContain('Mariage à Grasse');

    // The planning: one block per day, each to its end plus the buffer.
    const calendar = (await admin('GET', `/api/booking/calendar?from=${NEXT_YEAR}-05-05&to=${NEXT_YEAR}-05-07`)).json().data;
    expect(calendar.filter((trip: { bookingId: number }) => trip.bookingId === id).map((trip: Record<string, unknown>) => [trip.leg, trip.start, trip.end, trip.hire])).toEqual([
      ['outbound', pickupAt.toISOString(), new Date(pickupAt.getTime() + (8 * 60 + 30) * 60_000).toISOString(), { hours: null, days: 2, tourName: null }],
      ['day-2', new Date(pickupAt.getTime() + 24 * 3_600_000).toISOString(), new Date(endsAt!.getTime() + 30 * 60_000).toISOString(), { hours: null, days: 2, tourName: null }],
    ]);

    const token = await assignDriver(id);
    const hire = (await mission(id, token)).json().data.hire;
    expect(hire.periods).toEqual([
      { day: 1, start: pickupAt.toISOString(), end: new Date(pickupAt.getTime() + 8 * 3_600_000).toISOString() },
      { day: 2, start: new Date(pickupAt.getTime() + 24 * 3_600_000).toISOString(), end: endsAt!.toISOString() },
    ]);
    const rate = await rateOf(cars.vclass, pickupAt);
    expect(hire.kmIncluded).toBe(2 * 8 * rate.kmIncludedPerHour);

    clockAt(pickupAt, -30);
    for (const status of ['en_route', 'on_site', 'on_board']) expectStatus(await step(id, token, status), 200);
    clockAt(endsAt!, 30);
    // The end of the first day is before the booked end (the last day's): refused.
    const early = await endHire(id, token, { endedAt: local(new Date(pickupAt.getTime() + 8 * 3_600_000)), km: 100 });
    expect(early.json().errors).toEqual([{ path: 'endedAt', message: 'La fin réelle ne peut pas précéder la fin réservée' }]);
    const ended = await endHire(id, token, { endedAt: local(new Date(endsAt!.getTime() + 15 * 60_000)), km: 2 * 8 * rate.kmIncludedPerHour });
    expect(ended.statusCode, ended.body).toBe(200);
    const overtimeCents = whole(rate.pricePerHourCents / 4);
    expect((await admin('GET', `/api/booking/${id}`)).json().data.invoice_lines).toEqual([
      { kind: 'daily', days: 2, cents: totalCents },
      { kind: 'overtime', minutes: 15, cents: overtimeCents },
    ]);
  });
});

describe('the deposit link, the reminder and the chauffeur’s digest of a 2-day hire', () => {
  it('say the service, each day and the programme; the digest lists the hire on each of its days', async () => {
    const id = await acceptedBooking({ serviceType: 'daily', days: 2, date: `${NEXT_YEAR}-06-09T08:00`, programme: 'Grand Prix' }, cars.vclass, 'fr', 'stripe');
    const [accepted] = await mailsOf(ctx.database.db, 'booking_accepted', id);
    expect(accepted!.textBody).toContain('Prestation : Mise à disposition 2 jours');
    expect(accepted!.textBody).toMatch(/Jour 2 : 10\/06\/\d{4} 08:00 – 16:00 \(heure de Paris\)/);
    expect(accepted!.textBody).toContain('Programme : Grand Prix');
    expect(accepted!.attachments[0]!.content.match(/BEGIN:VEVENT/g)).toHaveLength(2);

    // The reminder, a day before pickup: the jobs' clock moved forward (its due time moved back).
    const { pickupAt } = await bookingRow(id);
    await ctx.database.db
      .update(scheduledJobs)
      .set({ runAt: sql`${scheduledJobs.runAt} - make_interval(mins => ${Math.ceil((pickupAt.getTime() - Date.now()) / 60_000)})` })
      .where(eq(scheduledJobs.status, 'pending'));
    await ctx.app.jobs.runDue();
    const [reminder] = await mailsOf(ctx.database.db, 'pickup_reminder', id);
    expect(reminder!.textBody).toContain('Prestation : Mise à disposition 2 jours');
    expect(reminder!.textBody).toMatch(/Jour 1 : 09\/06\/\d{4} 08:00 – 16:00/);
    expect(reminder!.textBody).toContain('Programme : Grand Prix');

    await assignDriver(id);
    for (const evening of [`${NEXT_YEAR}-06-08`, `${NEXT_YEAR}-06-09`]) await sendDriverDigests(ctx.database.db, evening);
    const digests = (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'driver_digest'))).filter((mail) =>
      mail.textBody.includes(`réservation n°${id}`),
    );
    expect(digests).toHaveLength(2);
    const [first, second] = digests.sort((a, b) => a.subject.localeCompare(b.subject));
    for (const digest of [first!, second!]) {
      expect(digest.textBody).toContain('Mise à disposition 2 jours, jusqu’à 16:00');
      expect(digest.textBody).toContain('Programme : Grand Prix');
      expect(digest.textBody).not.toContain('Destination');
    }
    expect(first!.subject).toContain('09/06');
    expect(first!.textBody).toContain('Jour 1 sur 2');
    expect(second!.subject).toContain('10/06');
    expect(second!.textBody).toContain('Jour 2 sur 2');
  });
});

describe('a tour', () => {
  it('names the tour on the voucher and the invoice; overtime is billed, its km are not (its price covers its programme)', async () => {
    // Booked in English: the customer's copies carry English beneath the French (decision 0122).
    const id = await acceptedBooking({ serviceType: 'tour', tourId: monacoTourId, date: `${NEXT_YEAR}-05-12T09:00`, destination: MONACO }, cars.ford, 'en');
    const { pickupAt, endsAt, totalCents } = await bookingRow(id);
    expect(endsAt!.getTime() - pickupAt.getTime()).toBe(4 * 3_600_000);
    const [confirmed] = await mailsOf(ctx.database.db, 'cash_confirmed', id);
    expect(confirmed!.textBody).toContain('Service: Tour “Monaco and Èze” (4 h)');
    const voucher = await pdfText((await customerGet(`/api/user/booking/voucher/${id}`, 'en')).rawPayload);
    expect(voucher).toContain('Excursion « Monaco et Èze » (4 h)');
    expect(voucher).toContain('Tour “Monaco and Èze” (4 h)');
    expect(voucher).toMatch(/Lieu de dépose\s+Monaco\s+Drop-off place/);

    const token = await assignDriver(id, cars.ford);
    expect((await mission(id, token)).json().data.hire).toMatchObject({ serviceType: 'tour', hours: 4, tourName: { fr: 'Monaco et Èze' }, kmIncluded: null });
    clockAt(pickupAt, -30);
    for (const status of ['en_route', 'on_site', 'on_board']) expectStatus(await step(id, token, status), 200);
    clockAt(endsAt!, 30);
    const ended = await endHire(id, token, { endedAt: local(new Date(endsAt!.getTime() + 20 * 60_000)), km: 400 });
    expect(ended.statusCode, ended.body).toBe(200);
    const rate = await rateOf(cars.ford, pickupAt);
    const overtimeCents = whole((rate.pricePerHourCents * 2) / 4);
    expect(ended.json().data.hire).toMatchObject({ endKm: 400, overtimeMinutes: 30, overtimeCents, extraKm: 0, extraKmCents: 0 });
    const invoice = await pdfText((await customerGet(`/api/user/booking/invoice/${id}?kind=invoice`, 'en')).rawPayload);
    for (const words of ['Excursion « Monaco et Èze » (4 h)', 'Tour “Monaco and Èze” (4 h)', 'Dépassement 30 min', 'Overtime 30 min']) expect(invoice).toContain(words);
    expect(invoice).not.toContain('km supplémentaires');
    expect(invoice).toMatch(/Lieu de dépose\s+Monaco\s+Drop-off place/);
    // The company's copy is French alone.
    const company = await pdfText((await admin('GET', `/api/booking/invoice/${id}?kind=invoice`)).rawPayload);
    expect(company).toContain('Dépassement 30 min');
    expect(company).not.toContain('Overtime');
    expect((await bookingRow(id)).totalCents).toBe(totalCents! + overtimeCents);
  });
});
