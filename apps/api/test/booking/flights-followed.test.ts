import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollFlights, FLIGHT_WATCH_JOB } from '../../src/booking/flights/flight-watch.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, bookingVouchers, carHolds, drivers, mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { createFlightProvider } from '../../src/platform/flights/flight-providers.ts';
import { aeroDataBoxStubConfig, startAeroDataBoxStub } from '../support/aerodatabox-stub.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailText, NEXT_YEAR, parisLocalIn, pendingBooking } from './booking-helpers.ts';

/**
 * Flights followed (issue 24 item 3, decision 0144): the flight-watch job asks AeroDataBox (a stub
 * on loopback, the real client talking to it) about each airport pickup's flight from a few hours
 * before; a delay moves the pickup and its holds through the company's change, once, or is refused
 * with an alert when the car is busy then; a cancellation is flagged; a provider down or slow
 * changes nothing until the next poll; without a provider there is no job and no promise.
 */

const COMPANY = 'company-flights@riviera-vtc.test';
const AIRPORT = { title: 'Aéroport Nice Côte d’Azur', placeId: 'airport-nice-cote-d-azur', type: 'airport' };

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let stub: Awaited<ReturnType<typeof startAeroDataBoxStub>>;
let cars: { vclass: number; ford: number };
let adminToken: string;
let customer: Awaited<ReturnType<typeof registerUser>>;
let driverId: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  stub = await startAeroDataBoxStub();
  ctx = await createTestApp({ SMTP_URL: sink.url, COMPANY_EMAIL: COMPANY, ...aeroDataBoxStubConfig(stub.url), FLIGHTS_TIMEOUT_MS: '300', FLIGHTS_POLL_START_HOURS: '4' });
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  adminToken = (await loginAdmin(ctx.app, ctx.database)).token;
  customer = await registerUser(ctx.app);
  const [driver] = await ctx.database.db
    .insert(drivers)
    .values({ fullName: 'Luc Martin', phone: '+33698765432', email: 'luc.flights@example.test', languages: ['fr'] })
    .returning();
  driverId = driver!.id;
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
  await stub.close();
});

const provider = () => createFlightProvider(ctx.app.config)!;
const poll = (now: Date) => pollFlights(ctx.database.db, ctx.app.config, provider(), ctx.app.log, now);
const parisDate = (instant: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(instant);

/** An accepted airport pickup with flight AF7700 (step three's), the chauffeur assigned. */
async function airportPickup(date: string, car = cars.vclass, flightNumber = 'AF7700'): Promise<{ id: number; pickupAt: Date }> {
  const id = await pendingBooking(ctx.app, customer.token, car, { origin: AIRPORT, rentFromType: 'airport', date });
  if (flightNumber !== 'AF7700') await ctx.database.db.update(bookings).set({ flightNumber }).where(eq(bookings.id, id));
  expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(adminToken), payload: {} }), 200);
  expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/assign/${id}`, headers: bearer(adminToken), payload: { driverId, carId: car } }), 200);
  return { id, pickupAt: (await bookingRow(id)).pickupAt };
}

async function bookingRow(id: number) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

const holdStart = async (id: number) =>
  (await ctx.database.db.select({ start: sql<string>`lower(${carHolds.during})` }).from(carHolds).where(and(eq(carHolds.bookingId, id), eq(carHolds.leg, 'outbound'))))[0]!.start;

async function outbox(id: number, kind: string) {
  return ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, id), eq(mailOutbox.kind, kind)));
}

const drawer = async (id: number) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(adminToken) });
  expectStatus(response, 200);
  return (response.json() as { data: { pickup_at?: string; flight: unknown; history: { reason: string | null; actor_kind: string }[] } }).data;
};

/** The planning's block of that booking's pickup, its flight flag. */
async function planningFlag(id: number, day: string) {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/booking/calendar?from=${day}&to=${day.slice(0, 8)}${String(Number(day.slice(8)) + 1).padStart(2, '0')}`, headers: bearer(adminToken) });
  expectStatus(response, 200);
  return (response.json() as { data: { bookingId: number; leg: string; flight: string | null }[] }).data.find((trip) => trip.bookingId === id && trip.leg === 'outbound')?.flight;
}

const setFlight = (pickupAt: Date, flight: { delayMinutes?: number; status?: string }, number = 'AF7700') =>
  stub.flights.set(`${number}/${parisDate(pickupAt)}`, { scheduledArrival: pickupAt, ...flight });

describe('a flight on time', () => {
  it('asks AeroDataBox with the key from a few hours before, keeps the state, moves nothing and tells no one', async () => {
    const { id, pickupAt } = await airportPickup(`${NEXT_YEAR}-06-02T10:00`, cars.vclass, 'LH1234');
    setFlight(pickupAt, {}, 'LH1234');
    const before = stub.requests.length;

    // Five hours before: not followed yet.
    await poll(new Date(pickupAt.getTime() - 5 * 3_600_000));
    expect(stub.requests.length).toBe(before);
    expect((await bookingRow(id)).flightStatus).toBeNull();

    const now = new Date(pickupAt.getTime() - 3 * 3_600_000);
    expect(await poll(now)).toMatchObject({ failed: 0 });
    const asked = stub.requests.slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.path).toBe(`/flights/number/LH1234/${NEXT_YEAR}-06-02?withAircraftImage=false&withLocation=false`);
    expect(asked[0]!.headers['x-rapidapi-key']).toBe('stub-rapidapi-key');

    const row = await bookingRow(id);
    expect(row.pickupAt).toEqual(pickupAt);
    expect(row.flightStatus).toBe('expected');
    expect(row.flightArrivalAt).toEqual(pickupAt);
    expect((await drawer(id)).flight).toEqual({ status: 'expected', checkedAt: now.toISOString(), arrivalAt: pickupAt.toISOString(), alert: null });
    expect(await planningFlag(id, `${NEXT_YEAR}-06-02`)).toBeNull();
    expect(await outbox(id, 'booking_changed')).toHaveLength(0);
    expect(await outbox(id, 'flight_moved_company')).toHaveLength(0);
  });
});

describe('a flight the provider does not know that day', () => {
  it('is marked unknown for the company to check the number; nothing moves', async () => {
    const { id, pickupAt } = await airportPickup(`${NEXT_YEAR}-06-07T10:00`, cars.vclass, 'ZZ999');
    await poll(new Date(pickupAt.getTime() - 3 * 3_600_000));
    const row = await bookingRow(id);
    expect(row.flightStatus).toBe('unknown');
    expect(row.pickupAt).toEqual(pickupAt);
    expect((await drawer(id)).flight).toMatchObject({ status: 'unknown', arrivalAt: null, alert: null });
  });
});

describe('a flight 50 minutes late', () => {
  it('moves the pickup and the car’s hold once, through the job, however often it runs; the customer, chauffeur and company are told once', async () => {
    // Three hours from now: the job, on the real clock, follows it at once.
    const { id, pickupAt } = await airportPickup(parisLocalIn(180));
    const booked = await bookingRow(id);
    const holdBefore = new Date(await holdStart(id));
    setFlight(pickupAt, { delayMinutes: 50 });

    await ctx.app.jobs.runDue();
    const moved = new Date(pickupAt.getTime() + 50 * 60_000);
    const row = await bookingRow(id);
    expect(row.pickupAt).toEqual(moved);
    expect(row.flightStatus).toBe('delayed');
    expect(row.totalCents).toBe(booked.totalCents);
    expect(row.calendarSequence).toBe(booked.calendarSequence + 1);
    expect(new Date(await holdStart(id)).getTime()).toBe(holdBefore.getTime() + 50 * 60_000);
    const vouchers = await ctx.database.db.select().from(bookingVouchers).where(eq(bookingVouchers.bookingId, id));
    expect(vouchers.length).toBeGreaterThanOrEqual(2);
    const details = await drawer(id);
    expect(details.history.at(-1)).toMatchObject({ reason: 'moved_for_flight', actor_kind: 'system' });

    // The job again, once its next turn comes, and a second poll: nothing moves twice, no mail twice.
    await ctx.database.db.update(scheduledJobs).set({ runAt: sql`now()` }).where(eq(scheduledJobs.key, FLIGHT_WATCH_JOB));
    await ctx.app.jobs.runDue();
    await poll(new Date());
    expect((await bookingRow(id)).pickupAt).toEqual(moved);
    expect(await outbox(id, 'booking_changed')).toHaveLength(1);
    expect(await outbox(id, 'booking_changed_driver')).toHaveLength(1);
    expect(await outbox(id, 'flight_moved_driver')).toHaveLength(1);
    const company = await outbox(id, 'flight_moved_company');
    expect(company).toHaveLength(1);
    expect(company[0]!.toAddress).toBe(COMPANY);

    await ctx.app.outbox.runOnce();
    const mail = sink.received.find((received) => received.to.includes(COMPANY) && /AF7700 en retard/.test(received.raw));
    expect(mailText(mail!.raw)).toContain(`la prise en charge de la réservation n°${id} passe du`);
    const text = (await outbox(id, 'flight_moved_driver'))[0]!;
    expect(text.toAddress).toBe('+33698765432');
    expect(text.textBody).toContain('vol AF7700 en retard');
  });
});

describe('a delay onto a busy car', () => {
  it('keeps the booked time, alerts the company once by mail and in the drawer, and moves nothing', async () => {
    const { id, pickupAt } = await airportPickup(`${NEXT_YEAR}-06-03T10:00`, cars.ford, 'BA342');
    // The same car's next trip at noon, from a street address (not followed).
    await pendingBooking(ctx.app, customer.token, cars.ford, { date: `${NEXT_YEAR}-06-03T12:00` });
    const holdBefore = await holdStart(id);
    setFlight(pickupAt, { delayMinutes: 100 }, 'BA342');

    const now = new Date(pickupAt.getTime() - 2 * 3_600_000);
    await poll(now);
    await poll(new Date(now.getTime() + 10 * 60_000));
    const row = await bookingRow(id);
    expect(row.pickupAt).toEqual(pickupAt);
    expect(await holdStart(id)).toBe(holdBefore);
    const alertAt = new Date(pickupAt.getTime() + 100 * 60_000).toISOString();
    expect(row.flightAlert).toEqual({ reason: 'car_busy', pickupAt: alertAt });
    expect((await drawer(id)).flight).toMatchObject({ status: 'delayed', alert: { reason: 'car_busy', pickupAt: alertAt } });
    const alerts = await outbox(id, 'flight_refused_company');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textBody).toContain('La voiture a une autre course à cette heure');
    expect(await planningFlag(id, `${NEXT_YEAR}-06-03`)).toBe('not_moved');
    expect(await outbox(id, 'booking_changed')).toHaveLength(0);
  });
});

describe('a delay onto a busy chauffeur', () => {
  it('keeps the booked time and alerts the company when the chauffeur has another trip then', async () => {
    const { id, pickupAt } = await airportPickup(`${NEXT_YEAR}-06-06T10:00`, cars.vclass, 'KL1263');
    // The same chauffeur drives another car at noon.
    const other = await pendingBooking(ctx.app, customer.token, cars.ford, { date: `${NEXT_YEAR}-06-06T12:00` });
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${other}`, headers: bearer(adminToken), payload: {} }), 200);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/assign/${other}`, headers: bearer(adminToken), payload: { driverId, carId: cars.ford } }), 200);
    setFlight(pickupAt, { delayMinutes: 100 }, 'KL1263');

    await poll(new Date(pickupAt.getTime() - 2 * 3_600_000));
    const row = await bookingRow(id);
    expect(row.pickupAt).toEqual(pickupAt);
    expect(row.flightAlert).toEqual({ reason: 'driver_busy', pickupAt: new Date(pickupAt.getTime() + 100 * 60_000).toISOString() });
    const alerts = await outbox(id, 'flight_refused_company');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textBody).toContain('Le chauffeur a une autre course à cette heure');
  });
});

describe('a cancelled flight', () => {
  it('is flagged on the booking and told to the company once; the pickup stays', async () => {
    const { id, pickupAt } = await airportPickup(`${NEXT_YEAR}-06-04T10:00`, cars.vclass, 'U24567');
    setFlight(pickupAt, { status: 'Canceled' }, 'U24567');
    const now = new Date(pickupAt.getTime() - 3 * 3_600_000);
    await poll(now);
    await poll(new Date(now.getTime() + 10 * 60_000));
    const row = await bookingRow(id);
    expect(row.flightStatus).toBe('cancelled');
    expect(row.pickupAt).toEqual(pickupAt);
    expect((await drawer(id)).flight).toMatchObject({ status: 'cancelled' });
    expect(await outbox(id, 'flight_cancelled_company')).toHaveLength(1);
    expect(await planningFlag(id, `${NEXT_YEAR}-06-04`)).toBe('cancelled');
  });
});

describe('the return’s flight (decision 0171)', () => {
  const NICE = { title: 'Nice', placeId: 'city-nice' };
  const returnHoldStart = async (id: number) =>
    (await ctx.database.db.select({ start: sql<string>`lower(${carHolds.during})` }).from(carHolds).where(and(eq(carHolds.bookingId, id), eq(carHolds.leg, 'return'))))[0]!.start;
  const returnFlag = async (id: number, day: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/booking/calendar?from=${day}&to=${day.slice(0, 8)}${String(Number(day.slice(8)) + 1).padStart(2, '0')}`, headers: bearer(adminToken) });
    expectStatus(response, 200);
    return (response.json() as { data: { bookingId: number; leg: string; flight: string | null }[] }).data.find((trip) => trip.bookingId === id && trip.leg === 'return')?.flight;
  };

  /** Nice to the airport, accepted and assigned; back from the airport days later on `flightNumber`. */
  async function roundTripToAirport(outbound: string, back: string, flightNumber: string): Promise<{ id: number; pickupAt: Date; returnAt: Date }> {
    const id = await pendingBooking(ctx.app, customer.token, cars.vclass, { origin: NICE, destination: AIRPORT, date: outbound });
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(adminToken), payload: {} }), 200);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: bearer(adminToken), payload: { returnRent: true, returnDate: back, returnFlightNumber: flightNumber, reason: 'Retour ajouté par téléphone' } }), 200);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/assign/${id}`, headers: bearer(adminToken), payload: { driverId, carId: cars.vclass } }), 200);
    const row = await bookingRow(id);
    expect(row).toMatchObject({ rentToType: 'airport', returnRent: true, returnFlightNumber: flightNumber });
    return { id, pickupAt: row.pickupAt, returnAt: row.returnAt! };
  }

  it('moves the return, once, after the outbound was driven; the outbound stays; customer, chauffeur and company are told what leg moved', async () => {
    const { id, pickupAt, returnAt } = await roundTripToAirport(`${NEXT_YEAR}-06-10T08:00`, `${NEXT_YEAR}-06-14T18:00`, 'EZY8010');
    const booked = await bookingRow(id);
    const changedBefore = (await outbox(id, 'booking_changed')).length;
    const holdBefore = new Date(await returnHoldStart(id));
    setFlight(returnAt, { delayMinutes: 40 }, 'EZY8010');

    // Followed from four hours before the return's pickup, days after the outbound's.
    const before = stub.requests.length;
    await poll(new Date(returnAt.getTime() - 5 * 3_600_000));
    expect(stub.requests.length).toBe(before);
    const now = new Date(returnAt.getTime() - 3 * 3_600_000);
    expect(await poll(now)).toMatchObject({ checked: 1, failed: 0 });
    expect(stub.requests.slice(before).map((request) => request.path)).toEqual([`/flights/number/EZY8010/${NEXT_YEAR}-06-14?withAircraftImage=false&withLocation=false`]);
    await poll(new Date(now.getTime() + 10 * 60_000));

    const moved = new Date(returnAt.getTime() + 40 * 60_000);
    const row = await bookingRow(id);
    expect(row.returnAt).toEqual(moved);
    expect(row.pickupAt).toEqual(pickupAt);
    expect(row).toMatchObject({ returnFlightStatus: 'delayed', returnFlightAlert: null, flightStatus: null, totalCents: booked.totalCents, calendarSequence: booked.calendarSequence + 1 });
    expect(new Date(await returnHoldStart(id)).getTime()).toBe(holdBefore.getTime() + 40 * 60_000);
    const details = (await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(adminToken) })).json().data;
    expect(details.flight).toBeNull();
    expect(details.return_flight).toEqual({ status: 'delayed', checkedAt: new Date(now.getTime() + 10 * 60_000).toISOString(), arrivalAt: moved.toISOString(), alert: null });
    expect(details.history.at(-1)).toMatchObject({ reason: 'moved_for_flight', actor_kind: 'system' });

    const changed = await outbox(id, 'booking_changed');
    expect(changed).toHaveLength(changedBefore + 1);
    expect(changed.at(-1)!.textBody).toMatch(/Retour : .*→/);
    const company = await outbox(id, 'flight_moved_company');
    expect(company).toHaveLength(1);
    expect(company[0]!.textBody).toContain(`la prise en charge du retour de la réservation n°${id} passe du`);
    const text = await outbox(id, 'flight_moved_driver');
    expect(text).toHaveLength(1);
    expect(text[0]!.textBody).toContain(`vol EZY8010 en retard, retour de la course n°${id}`);
  });

  it('a late return onto a busy car keeps the return’s time and raises the return’s alert, not the outbound’s', async () => {
    const { id, returnAt } = await roundTripToAirport(`${NEXT_YEAR}-06-20T08:00`, `${NEXT_YEAR}-06-22T18:00`, 'BA350');
    // The same car's next trip at eight in the evening, from a street address.
    await pendingBooking(ctx.app, customer.token, cars.vclass, { date: `${NEXT_YEAR}-06-22T20:00` });
    setFlight(returnAt, { delayMinutes: 100 }, 'BA350');
    const now = new Date(returnAt.getTime() - 2 * 3_600_000);
    await poll(now);
    await poll(new Date(now.getTime() + 10 * 60_000));
    const alertAt = new Date(returnAt.getTime() + 100 * 60_000).toISOString();
    const row = await bookingRow(id);
    expect(row).toMatchObject({ returnAt, returnFlightStatus: 'delayed', returnFlightAlert: { reason: 'car_busy', pickupAt: alertAt }, flightAlert: null });
    const refused = await outbox(id, 'flight_refused_company');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.textBody).toContain(`la prise en charge du retour de la réservation n°${id} devrait passer du`);
    expect(await returnFlag(id, `${NEXT_YEAR}-06-22`)).toBe('not_moved');
    expect(await planningFlag(id, `${NEXT_YEAR}-06-20`)).toBeNull();
  });

  it('a cancelled return flight is flagged on the return’s block and told once; a new return flight number is followed afresh', async () => {
    const { id, returnAt } = await roundTripToAirport(`${NEXT_YEAR}-06-16T08:00`, `${NEXT_YEAR}-06-18T18:00`, 'U24999');
    setFlight(returnAt, { status: 'Canceled' }, 'U24999');
    const now = new Date(returnAt.getTime() - 3 * 3_600_000);
    await poll(now);
    await poll(new Date(now.getTime() + 10 * 60_000));
    const row = await bookingRow(id);
    expect(row).toMatchObject({ returnFlightStatus: 'cancelled', returnAt, flightStatus: null });
    const cancelled = await outbox(id, 'flight_cancelled_company');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.textBody).toContain(`Le retour de la réservation n°${id}`);
    expect(await returnFlag(id, `${NEXT_YEAR}-06-18`)).toBe('cancelled');

    // The customer rebooks a flight; the company types it: the new one is followed from scratch.
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: bearer(adminToken), payload: { returnFlightNumber: 'AF7712', reason: 'Vol changé' } }), 200);
    expect(await bookingRow(id)).toMatchObject({ returnFlightNumber: 'AF7712', returnFlightStatus: null, returnFlightCheckedAt: null });
    expect(await returnFlag(id, `${NEXT_YEAR}-06-18`)).toBeNull();
  });
});

describe('the provider down or slow', () => {
  it('changes nothing while AeroDataBox fails or answers later than the timeout; the next poll applies the delay once', async () => {
    const { id, pickupAt } = await airportPickup(`${NEXT_YEAR}-06-05T10:00`, cars.vclass, 'EZY8123');
    setFlight(pickupAt, { delayMinutes: 40 }, 'EZY8123');
    const now = new Date(pickupAt.getTime() - 3 * 3_600_000);

    stub.next.push({ status: 500, body: { message: 'down' } });
    expect(await poll(now)).toMatchObject({ failed: 1 });
    stub.next.push({ status: 200, body: [], delayMs: 1000 });
    expect(await poll(new Date(now.getTime() + 10 * 60_000))).toMatchObject({ failed: 1 });
    stub.next.push({ status: 200, body: { not: 'a list' } });
    expect(await poll(new Date(now.getTime() + 20 * 60_000))).toMatchObject({ failed: 1 });
    const unchanged = await bookingRow(id);
    expect(unchanged.pickupAt).toEqual(pickupAt);
    expect(unchanged.flightStatus).toBeNull();
    expect(await outbox(id, 'booking_changed')).toHaveLength(0);

    expect(await poll(new Date(now.getTime() + 30 * 60_000))).toMatchObject({ failed: 0 });
    await poll(new Date(now.getTime() + 40 * 60_000));
    expect((await bookingRow(id)).pickupAt).toEqual(new Date(pickupAt.getTime() + 40 * 60_000));
    expect(await outbox(id, 'booking_changed')).toHaveLength(1);
    expect(await outbox(id, 'flight_moved_company')).toHaveLength(1);
  });
});

describe('without a provider', () => {
  it('runs no flight job, asks nothing and the public settings say flights are not followed', async () => {
    const plain = await createTestApp({});
    try {
      const config = await plain.app.inject({ method: 'GET', url: '/api/config/public' });
      expect((config.json() as { flightsFollowed: boolean }).flightsFollowed).toBe(false);
      const before = stub.requests.length;
      await plain.app.jobs.runDue();
      expect(await plain.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, FLIGHT_WATCH_JOB))).toEqual([]);
      expect(stub.requests.length).toBe(before);
    } finally {
      await plain.close();
    }
    const followed = await ctx.app.inject({ method: 'GET', url: '/api/config/public' });
    expect((followed.json() as { flightsFollowed: boolean }).flightsFollowed).toBe(true);
  });
});

