import { setTimeout as delay } from 'node:timers/promises';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookings } from '../../src/platform/db/schema.ts';
import { bookingPayload, NEXT_YEAR } from '../booking/booking-helpers.ts';
import { API_BACKENDS, startKillableServer, type KillableServer } from '../support/killable-server.ts';

const onPostgres = Boolean(inject('postgresUrl'));

/** How long the backends are killed, and how often (issue 25: a minute of kills every 1.5 s). */
const STORM_MS = 60_000;
const KILL_EVERY_MS = 1_500;
/** The server's pool (createPostgresPool's default). */
const POOL_SIZE = 10;
const EXPECTED_STATUSES = new Set([200, 201, 503]);

/** The n-th booking's pickup, half an hour after the previous one, on Paris clocks in winter (no DST gap). */
const pickupOf = (n: number) => new Date(Date.UTC(NEXT_YEAR, 0, 2, 8) + n * 30 * 60_000).toISOString().slice(0, 16);

describe.runIf(onPostgres)('PostgreSQL backends killed for a minute under load', () => {
  let killable: KillableServer;
  beforeAll(async () => {
    killable = await startKillableServer(
      {
        BOOKING_RATE_LIMIT_ACCOUNT_MAX: '1000000',
        BOOKING_RATE_LIMIT_ADDRESS_MAX: '1000000',
        // The watchdog must not be what brings the service back here.
        HEALTH_WATCHDOG_SECONDS: '0',
      },
      15_000,
    );
  });
  afterAll(async () => {
    await killable?.close();
  });

  const call: KillableServer['call'] = (...args) => killable.call(...args);
  const register = () => killable.register('kills');

  it('keeps its pool whole: healthy within 10 s of the last kill, every confirmed booking kept', async () => {
    const { killer, server, database } = killable;
    const writers = await Promise.all([register(), register(), register(), register()]);
    const readers = await Promise.all([register(), register()]);

    const statuses = new Map<number, number>();
    const answered = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const created: number[] = [];
    let booked = 0;
    const createBooking = async (token: string) => {
      const response = await call('POST', '/api/user/booking/add', token, bookingPayload({ date: pickupOf(booked++) }));
      answered(response.status);
      if (response.status === 201) created.push(response.body.bookingId as number);
      return response.status;
    };

    let storming = true;
    const write = async (token: string) => {
      while (storming) await createBooking(token);
    };
    const read = async (token: string) => {
      while (storming) {
        answered((await call('GET', '/api/profile/getAll', token)).status);
        answered((await call('GET', '/api/config/public')).status);
      }
    };

    const load = Promise.all([...writers.map(write), ...readers.map(read)]);
    const stormStart = Date.now();
    let killed = 0;
    let lastKillAt = stormStart;
    // A kill every KILL_EVERY_MS on a fixed schedule: the pace of the fault, not a wait for a result.
    for (let round = 0; round <= STORM_MS / KILL_EVERY_MS; round += 1) {
      await delay(Math.max(0, stormStart + round * KILL_EVERY_MS - Date.now()));
      const { rowCount } = await killer.query(`select pg_terminate_backend(pid) ${API_BACKENDS}`);
      lastKillAt = Date.now();
      killed += rowCount ?? 0;
    }
    storming = false;
    await load;

    expect(lastKillAt - stormStart).toBeGreaterThanOrEqual(STORM_MS);
    expect(killed).toBeGreaterThan(STORM_MS / KILL_EVERY_MS);
    expect([...statuses.keys()].filter((status) => !EXPECTED_STATUSES.has(status))).toEqual([]);
    expect(statuses.get(201)).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain("Unhandled 'error' event");

    // Healthy again within 10 s of the last kill.
    let health = 0;
    while (health !== 200 && Date.now() - lastKillAt < 10_000) health = (await call('GET', '/api/health')).status;
    expect(health).toBe(200);

    // The pool is whole: with the bookings table locked, as many creations wait inside the
    // database as the pool has connections (a leaked connection would never get there).
    await killer.query('begin');
    await killer.query('lock table bookings in share mode');
    const blocked = Promise.all(Array.from({ length: POOL_SIZE + 2 }, (_, index) => createBooking(writers[index % writers.length]!)));
    let waiting = 0;
    const waitDeadline = Date.now() + 10_000;
    while (waiting < POOL_SIZE && Date.now() < waitDeadline) {
      // pg_stat_activity is read once per transaction unless its snapshot is cleared.
      await killer.query('select pg_stat_clear_snapshot()');
      const { rows } = await killer.query<{ count: number }>(`select count(*)::int as count ${API_BACKENDS} and wait_event_type = 'Lock'`);
      waiting = rows[0]!.count;
    }
    await killer.query('commit');
    expect(waiting).toBe(POOL_SIZE);
    expect(await blocked).toEqual(Array.from({ length: POOL_SIZE + 2 }, () => 201));

    // Every creation the API confirmed (2xx) is in the database.
    const rows = await database.db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.id, created));
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual([...created].sort((a, b) => a - b));
  }, 150_000);
});
