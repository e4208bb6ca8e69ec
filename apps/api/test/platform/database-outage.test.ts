import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/platform/db/client.ts';
import { bookings, mailOutbox } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { PASSWORD, uniqueEmail } from '../support/auth-helpers.ts';
import { bookingPayload, confirmPayload, demoCars, NEXT_YEAR } from '../booking/booking-helpers.ts';
import { startKillableServer, type KillableServer } from '../support/killable-server.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';

const onPostgres = Boolean(inject('postgresUrl'));

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

/** Answers of the API outside these mean a request failed in a way a user should never see. */
const EXPECTED_STATUSES = new Set([200, 201, 503]);

describe.runIf(onPostgres)('PostgreSQL backends killed under load', () => {
  let killable: KillableServer;
  beforeAll(async () => {
    killable = await startKillableServer({});
  });
  afterAll(async () => {
    await killable?.close();
  });

  const call: KillableServer['call'] = (...args) => killable.call(...args);
  const killApiBackends = () => killable.killApiBackends();

  it('survives every kill, answers 503 not 500, recovers, and loses no committed booking or mail', async () => {
    const cars = await demoCars(killable.database.db);
    const customers: string[] = [];
    for (let i = 0; i < 4; i += 1) customers.push(await killable.register('outage'));

    const statuses: number[] = [];
    const created: number[] = [];
    const confirmed: number[] = [];
    let answered = 0;
    let wakeKiller: (() => void) | undefined;
    const answeredOne = (status: number) => {
      statuses.push(status);
      answered += 1;
      wakeKiller?.();
    };

    // Each booking on a day of its own: a confirmed booking holds its car (decision 0070).
    let day = 0;
    const ownDay = () => ({ date: `${NEXT_YEAR}-05-${String(++day).padStart(2, '0')}T10:00` });
    // Each customer walks the booking funnel a few times; a step the database refused ends that walk.
    const walk = async (token: string) => {
      for (let round = 0; round < 6; round += 1) {
        const step1 = await call('POST', '/api/user/booking/add', token, bookingPayload(ownDay()));
        answeredOne(step1.status);
        if (step1.status !== 201) continue;
        const id = step1.body.bookingId as number;
        created.push(id);
        const step2 = await call('PUT', `/api/user/booking/update-car/${id}/${cars.vclass}`, token, { bookingId: id, carId: cars.vclass });
        answeredOne(step2.status);
        if (step2.status !== 200) continue;
        const step3 = await call('PUT', `/api/user/booking/update-booking-info/${id}`, token, confirmPayload(id));
        answeredOne(step3.status);
        if (step3.status === 200) confirmed.push(id);
      }
    };

    let walking = true;
    let kills = 0;
    // Kills the API's backends after every five answers, as long as the customers walk (bounded).
    const killLoop = async () => {
      for (let round = 0; round < 200 && walking; round += 1) {
        const target = answered + 5;
        while (walking && answered < target) await new Promise<void>((resolve) => (wakeKiller = resolve));
        if (walking) kills += await killApiBackends();
      }
    };
    const killing = killLoop();
    await Promise.all(customers.map(walk));
    walking = false;
    wakeKiller?.();
    await killing;

    expect(kills).toBeGreaterThan(0);
    expect(statuses.filter((status) => !EXPECTED_STATUSES.has(status))).toEqual([]);
    expect(killable.server.child.exitCode).toBeNull();
    expect(killable.server.output()).not.toContain("Unhandled 'error' event");

    let health = 0;
    for (let attempt = 0; attempt < 50 && health !== 200; attempt += 1) health = (await call('GET', '/api/health')).status;
    expect(health).toBe(200);
    // The server still serves the funnel after the storm.
    const after = await call('POST', '/api/user/booking/add', customers[0], bookingPayload());
    expect(after.status).toBe(201);

    const rows = await killable.database.db.select({ id: bookings.id, status: bookings.status }).from(bookings).where(inArray(bookings.id, created));
    expect(rows.map((row) => row.id).sort()).toEqual([...created].sort());
    const pending = new Set(rows.filter((row) => row.status === 'pending').map((row) => row.id));
    for (const id of confirmed) expect(pending.has(id)).toBe(true);

    // French subjects say « n°<id> ». Each confirmed booking wrote its two mails once, with its status in one transaction: a
    // confirmation the kill rolled back left neither.
    const mails = await killable.database.db.select({ kind: mailOutbox.kind, subject: mailOutbox.subject }).from(mailOutbox);
    for (const id of created) {
      const ofBooking = mails.filter((mail) => new RegExp(`n°${id}(?!\\d)`).test(mail.subject)).map((mail) => mail.kind).sort();
      expect({ id, kinds: ofBooking }).toEqual({ id, kinds: pending.has(id) ? ['booking_new_company', 'booking_received'] : [] });
    }
  }, 120_000);
});

describe.runIf(onPostgres)('PostgreSQL unreachable', () => {
  let real: TestDatabase;
  let proxy: TcpProxy;
  let ctx: TestContext;

  beforeAll(async () => {
    real = await createTestDatabase();
    const url = new URL(real.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    const database = createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 });
    ctx = await createTestApp({}, { database });
    await seedDemoData(database.db);
  });
  afterAll(async () => {
    await proxy.start().catch(() => undefined);
    await ctx?.close();
    await ctx?.database.close();
    await proxy?.close();
    await real?.close();
  });

  const login = (email: string, language?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: language ? { 'accept-language': language } : {},
      payload: { email, password: PASSWORD },
    });
  const register = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { fullName: 'Camille Martin', email, phone: '+33612345678', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });

  it('answers 503 database_unavailable in the caller’s language, changes nothing, and recovers by itself', async () => {
    const known = uniqueEmail('known');
    expect((await register(known)).statusCode).toBe(201);

    await proxy.stop();
    const expected = {
      fr: 'Le service est momentanément indisponible, réessayez dans quelques instants',
      en: 'The service is temporarily unavailable, please try again in a moment',
      ar: 'الخدمة غير متاحة مؤقتًا، يرجى المحاولة مرة أخرى بعد قليل',
    };
    for (const [language, message] of Object.entries(expected)) {
      const response = await login(known, language);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message, code: 'database_unavailable' });
    }
    const lost = uniqueEmail('lost');
    const refused = await register(lost);
    expect(refused.statusCode).toBe(503);
    expect(refused.json().code).toBe('database_unavailable');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    await proxy.start();
    let health = 0;
    for (let attempt = 0; attempt < 50 && health !== 200; attempt += 1) {
      health = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode;
    }
    expect(health).toBe(200);
    expect((await login(known)).statusCode).toBe(200);
    // The registration refused during the outage left no account behind.
    expect((await login(lost)).statusCode).toBe(401);
  });
});
