import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { openPostgresChangeFeed, parseChange, topicPayload, type Change, type ChangeFeed } from '../../src/platform/db/change-feed.ts';
import { bookingStops, bookings, holidays, pricings, users } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { queriesSentWhileBusy } from '../support/queries-sent-while-busy.ts';
import { createTestDatabase } from '../support/test-database.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
type Event = Change | 'reset';

/** Everything a feed tells its listeners, in order. */
function record(feed: ChangeFeed): Event[] {
  const events: Event[] = [];
  feed.subscribe((event) => events.push(event));
  return events;
}

/** Resolves at the feed's next 'reset' (no timer: the feed itself says when). */
function nextReset(feed: ChangeFeed): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = feed.subscribe((event) => {
      if (event !== 'reset') return;
      unsubscribe();
      resolve();
    });
  });
}

async function insertUser(database: TestDatabase): Promise<number> {
  const [user] = await database.db
    .insert(users)
    .values({ email: `feed-${Math.random().toString(36).slice(2)}@example.test`, passwordHash: 'x', fullName: 'Feed Test', phone: '+33600000000' })
    .returning({ id: users.id });
  return user!.id;
}

const NICE = { title: 'Nice', type: 'town' } as const;
const MONACO = { title: 'Monaco', type: 'town' } as const;

async function insertBooking(database: TestDatabase, userId: number, stops = 0): Promise<number> {
  const [booking] = await database.db
    .insert(bookings)
    .values({
      userId,
      origin: NICE,
      destination: MONACO,
      rentFromType: 'town',
      rentToType: 'town',
      pickupAt: new Date('2100-03-10T09:00:00Z'),
      distanceKm: 21,
      adults: 2,
    })
    .returning({ id: bookings.id });
  for (let position = 1; position <= stops; position += 1) {
    await database.db.insert(bookingStops).values({ bookingId: booking!.id, position, place: { title: `Stop ${position}`, type: 'address' } });
  }
  return booking!.id;
}

const booking = (id: number): Change => ({ kind: 'booking', id });
const CATALOGUE: Change = { kind: 'catalogue' };

describe('parseChange', () => {
  it('reads the three payloads the triggers send', () => {
    expect(parseChange('catalogue')).toEqual({ kind: 'catalogue' });
    expect(parseChange('bookings')).toEqual({ kind: 'bookings' });
    expect(parseChange('booking:42')).toEqual({ kind: 'booking', id: 42 });
    expect(parseChange('booking:007')).toEqual({ kind: 'booking', id: 7 });
  });

  it('reads an account’s token version change and the truncate of every account', () => {
    expect(parseChange('user:12')).toEqual({ kind: 'user', id: 12 });
    expect(parseChange('users')).toEqual({ kind: 'users' });
    expect(parseChange('user:')).toBeUndefined();
    expect(parseChange('user:1x')).toBeUndefined();
  });

  it.each([
    '',
    'Catalogue',
    ' catalogue',
    'catalogue ',
    'catalogue:1',
    'booking',
    'booking:',
    'booking:abc',
    'booking:12x',
    'booking: 12',
    'booking:-3',
    'booking:1.5',
    'booking:12\n',
    'bookings:1',
    'xbooking:1',
    'sync:0b5c1c84-2f4e-4a53-a8a9-2c4a8f1d9b3e',
  ])('ignores %j', (payload) => {
    expect(parseChange(payload)).toBeUndefined();
  });

  it('reads a message published on a topic: its name and its whole body', () => {
    expect(parseChange(topicPayload('tracking', '{"a":"b:c"}'))).toEqual({ kind: 'topic', topic: 'tracking', body: '{"a":"b:c"}' });
    expect(parseChange('topic:')).toBeUndefined();
    expect(parseChange('topic::body')).toBeUndefined();
  });

  it('refuses a topic name that could not be read back, and a body PostgreSQL would refuse', () => {
    expect(() => topicPayload('a:b', 'x')).toThrow(/invalid topic name/);
    expect(() => topicPayload('tracking', 'x'.repeat(8_000))).toThrow(/too large/);
  });
});

describe('change feed of the database', () => {
  let database: TestDatabase;
  let feed: ChangeFeed;
  let events: Event[];
  let userId: number;
  let pricingId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    const [pricing] = await database.db.select({ id: pricings.id }).from(pricings).limit(1);
    pricingId = pricing!.id;
    userId = await insertUser(database);
    feed = await database.openChangeFeed();
    events = record(feed);
  });
  afterAll(async () => {
    await feed?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await feed.sync();
    events.length = 0;
  });

  const run = (statement: SQL) => database.db.execute(statement);
  /** What the feed announced of what `write` committed: all of it, once `sync` has resolved. */
  const announced = async (write: () => Promise<unknown>) => {
    await feed.sync();
    events.length = 0;
    await write();
    await feed.sync();
    return events.splice(0);
  };

  it('is live once open', () => {
    expect(feed.live).toBe(true);
  });

  it('announces an UPDATE of a pricing as a catalogue change', async () => {
    expect(await announced(() => run(sql`update pricings set price_per_km_cents = coalesce(price_per_km_cents, 0) + 1 where id = ${pricingId}`))).toEqual([
      CATALOGUE,
    ]);
  });

  it.each(['cars', 'seasons', 'pricings', 'holidays', 'origins', 'destinations', 'pricing_list_entries', 'pricing_list_prices'])(
    'announces any statement on %s as a catalogue change, even one that changes no row',
    async (table) => {
      expect(await announced(() => run(sql`update ${sql.identifier(table)} set id = id where false`))).toEqual([CATALOGUE]);
    },
  );

  it('announces inserts and deletes in the catalogue', async () => {
    let holidayId = 0;
    expect(
      await announced(async () => {
        const [row] = await database.db.insert(holidays).values({ title: 'Fête du feed', day: 2, month: 2 }).returning({ id: holidays.id });
        holidayId = row!.id;
      }),
    ).toEqual([CATALOGUE]);
    expect(await announced(() => database.db.delete(holidays).where(eq(holidays.id, holidayId)))).toEqual([CATALOGUE]);
  });

  it('announces an UPDATE and a DELETE of a booking with its id', async () => {
    const id = await insertBooking(database, userId);
    expect(await announced(() => run(sql`update bookings set adults = 3 where id = ${id}`))).toEqual([booking(id)]);
    expect(await announced(() => run(sql`delete from bookings where id = ${id}`))).toEqual([booking(id)]);
  });

  it('announces one notification per booking a statement changes', async () => {
    const first = await insertBooking(database, userId);
    const second = await insertBooking(database, userId);
    const changes = await announced(() => run(sql`update bookings set children = 1 where id in (${first}, ${second})`));
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(expect.arrayContaining([booking(first), booking(second)]));
  });

  it('announces a change of a booking stop as a change of its booking', async () => {
    const id = await insertBooking(database, userId, 2);
    expect(await announced(() => run(sql`update booking_stops set place = '{"title":"Èze","type":"town"}' where booking_id = ${id} and position = 1`))).toEqual([
      booking(id),
    ]);
    expect(await announced(() => run(sql`delete from booking_stops where booking_id = ${id} and position = 2`))).toEqual([booking(id)]);
  });

  it('announces a stop moved to another booking as a change of both', async () => {
    const from = await insertBooking(database, userId, 1);
    const to = await insertBooking(database, userId);
    expect(await announced(() => run(sql`update booking_stops set booking_id = ${to} where booking_id = ${from}`))).toEqual([booking(from), booking(to)]);
  });

  it('does not announce a new booking or new stops', async () => {
    const other = await insertBooking(database, userId);
    expect(
      await announced(async () => {
        const [row] = await run(sql`insert into bookings (user_id, origin, destination, rent_from_type, rent_to_type, pickup_at, distance_km, adults)
          values (${userId}, '{"title":"Nice","type":"town"}', '{"title":"Cannes","type":"town"}', 'town', 'town', now() + interval '1 day', 30, 1)
          returning id`).then((result) => (result as unknown as { rows: { id: number }[] }).rows);
        await run(sql`insert into booking_stops (booking_id, position, place) values (${row!.id}, 1, '{"title":"Antibes","type":"town"}')`);
        // A change that is announced, so that an empty answer cannot come from a silent feed.
        await run(sql`update bookings set adults = 4 where id = ${other}`);
      }),
    ).toEqual([booking(other)]);
  });

  it('announces nothing of a transaction that is rolled back', async () => {
    const id = await insertBooking(database, userId, 1);
    const other = await insertBooking(database, userId);
    expect(
      await announced(async () => {
        await expect(
          database.db.transaction(async (tx) => {
            await tx.execute(sql`update pricings set price_per_km_cents = 1 where id = ${pricingId}`);
            await tx.execute(sql`update bookings set adults = 5 where id = ${id}`);
            await tx.execute(sql`delete from booking_stops where booking_id = ${id}`);
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        await run(sql`update bookings set adults = 4 where id = ${other}`);
      }),
    ).toEqual([booking(other)]);
  });

  it('announces a transaction’s changes when it commits, not before', async () => {
    const id = await insertBooking(database, userId);
    await feed.sync();
    events.length = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update bookings set adults = 6 where id = ${id}`);
      await feed.sync();
      expect(events).toEqual([]);
    });
    await feed.sync();
    expect(events).toEqual([booking(id)]);
  });

  it('has received, once sync resolves, every change committed before, in commit order', async () => {
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await insertBooking(database, userId));
    const expected: Change[] = [];
    await feed.sync();
    events.length = 0;
    for (let round = 0; round < 3; round += 1) {
      for (const id of ids) {
        await run(sql`update bookings set luggage_under_10kg = ${round} where id = ${id}`);
        expected.push(booking(id));
      }
      await run(sql`update pricings set km_start = km_start where id = ${pricingId}`);
      expected.push(CATALOGUE);
    }
    await feed.sync();
    expect(events).toEqual(expected);
  });

  it('passes on changes sent by hand on the channel and ignores anything else on it', async () => {
    expect(
      await announced(() =>
        run(sql`select pg_notify('vtc_changes', 'hello'), pg_notify('vtc_changes', 'booking:x'), pg_notify('vtc_changes', 'sync:not-mine'),
          pg_notify('other_channel', 'catalogue'), pg_notify('vtc_changes', 'booking:42')`),
      ),
    ).toEqual([booking(42)]);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const heard: Event[] = [];
    const unsubscribe = feed.subscribe((event) => heard.push(event));
    await announced(() => run(sql`update pricings set km_start = km_start where id = ${pricingId}`));
    expect(heard).toEqual([CATALOGUE]);
    unsubscribe();
    expect(await announced(() => run(sql`update pricings set km_start = km_start where id = ${pricingId}`))).toEqual([CATALOGUE]);
    expect(heard).toEqual([CATALOGUE]);
  });

  it('once closed, is not live, says reset once and tells nothing more', async () => {
    const closing = await database.openChangeFeed();
    try {
      const heard = record(closing);
      expect(closing.live).toBe(true);
      await closing.close();
      expect(closing.live).toBe(false);
      expect(heard).toEqual(['reset']);
      // The still open feed has received this change when its sync resolves; the closed one never does.
      expect(await announced(() => run(sql`update pricings set km_start = km_start where id = ${pricingId}`))).toEqual([CATALOGUE]);
      await closing.close();
      await closing.sync();
      expect(heard).toEqual(['reset']);
      expect(closing.live).toBe(false);
    } finally {
      await closing.close();
    }
  });

  it('announces a TRUNCATE of the stops as a change of every booking', async () => {
    await insertBooking(database, userId, 1);
    expect(await announced(() => run(sql`truncate booking_stops`))).toEqual([{ kind: 'bookings' }]);
  });

  it('announces a TRUNCATE of the bookings as a change of every booking', async () => {
    await insertBooking(database, userId, 1);
    const changes = await announced(() => run(sql`truncate bookings cascade`));
    expect(changes.length).toBeGreaterThan(0);
    // The cascade also empties the cars' holds (decision 0070).
    expect(new Set(changes.map((change) => JSON.stringify(change)))).toEqual(
      new Set([JSON.stringify({ kind: 'bookings' }), JSON.stringify({ kind: 'car_holds' })]),
    );
  });
});

describe.runIf(Boolean(inject('postgresUrl')))('PostgreSQL change feed connection', () => {
  let database: TestDatabase;
  let url: string;
  let userId: number;
  const opened: ChangeFeed[] = [];

  /** The feed's backends: their last query is the LISTEN, or a sync's marker. */
  const FEED_BACKENDS = sql`from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid()
      and (query ilike 'LISTEN%' or query = 'SELECT pg_notify($1, $2)')`;
  const rows = async <T>(statement: SQL) => ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
  const feedBackends = async () => (await rows<{ pid: number }>(sql`select pid ${FEED_BACKENDS}`)).length;
  /** Ends the feed's connection from the server side, as a restart or a network cut would. */
  const killFeedConnection = async () => {
    const killed = await rows<{ killed: boolean }>(sql`select pg_terminate_backend(pid) as killed ${FEED_BACKENDS}`);
    expect(killed).toEqual([{ killed: true }]);
  };
  const open = async (options: Partial<Parameters<typeof openPostgresChangeFeed>[0]> = {}) => {
    const feed = await openPostgresChangeFeed({ url, ...options });
    opened.push(feed);
    return feed;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    url = database.url!;
    userId = await insertUser(database);
  });
  afterAll(async () => {
    await database?.close();
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    for (const feed of opened.splice(0)) await feed.close();
    // Their connections end in the background: wait, so that the next test kills only its own.
    await vi.waitFor(async () => expect(await feedBackends()).toBe(0), { timeout: 5000 });
  });

  it('sends many syncs at once one after the other on its single connection, and each sees the changes before it', async () => {
    const sentWhileBusy = await queriesSentWhileBusy(async () => {
      const feed = await open();
      const events = record(feed);
      const id = await insertBooking(database, userId);
      await database.db.execute(sql`update bookings set adults = 3 where id = ${id}`);
      await Promise.all(Array.from({ length: 20 }, () => feed.sync()));
      expect(events).toEqual([booking(id)]);
      expect(feed.live).toBe(true);
    });
    // node-postgres warns of a query sent while another runs on the connection (pg 9 refuses it).
    expect(sentWhileBusy).toBe(0);
  });

  it('is live once open and receives changes', async () => {
    const feed = await open();
    expect(feed.live).toBe(true);
    const events = record(feed);
    const id = await insertBooking(database, userId);
    await database.db.execute(sql`update bookings set adults = 3 where id = ${id}`);
    await feed.sync();
    expect(events).toEqual([booking(id)]);
  });

  it('says reset and is not live when its connection is lost, then listens again, says reset and receives changes', async () => {
    const errors: unknown[] = [];
    const feed = await open({ onError: (error) => errors.push(error) });
    const events = record(feed);
    const id = await insertBooking(database, userId);

    const lost = nextReset(feed);
    await killFeedConnection();
    await lost;
    expect(feed.live).toBe(false);
    expect(events).toEqual(['reset']);
    expect(errors).toEqual([expect.objectContaining({ code: '57P01' })]);

    // Not live: nothing to wait for.
    let synced = false;
    void feed.sync().then(() => {
      synced = true;
    });
    await Promise.resolve();
    expect(synced).toBe(true);

    // A change committed while it listens to nothing: the second reset covers it.
    await database.db.execute(sql`update bookings set adults = 4 where id = ${id}`);
    await vi.waitFor(() => expect(feed.live).toBe(true), { timeout: 5000 });
    expect(events).toEqual(['reset', 'reset']);

    await database.db.execute(sql`update bookings set adults = 5 where id = ${id}`);
    await feed.sync();
    expect(events).toEqual(['reset', 'reset', booking(id)]);
    expect(await feedBackends()).toBe(1);
  });

  it('tries again 100 ms after losing its connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const connect = vi.spyOn(pg.Client.prototype, 'connect');
    const feed = await open();
    expect(connect).toHaveBeenCalledTimes(1);
    const lost = nextReset(feed);
    await killFeedConnection();
    await lost;
    const back = nextReset(feed);
    vi.advanceTimersByTime(99);
    expect(connect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(connect).toHaveBeenCalledTimes(2);
    await back;
    expect(feed.live).toBe(true);
  });

  it('is not live while it cannot connect, and tries again with growing delays until closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const connect = vi.spyOn(pg.Client.prototype, 'connect');
    const errors: unknown[] = [];
    const waiting: { count: number; resolve: () => void }[] = [];
    const onError = (error: unknown) => {
      errors.push(error);
      for (const wait of waiting.filter((w) => errors.length >= w.count)) wait.resolve();
    };
    const errorCount = (count: number) =>
      errors.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve }));
    const missing = new URL(url);
    missing.pathname = '/vtc_no_such_database';

    const feed = await open({ url: missing.toString(), onError });
    const events = record(feed);
    expect(feed.live).toBe(false);
    expect(errors).toEqual([expect.objectContaining({ code: '3D000' })]);
    await feed.sync();

    let attempts = 1;
    for (const delay of [100, 200, 400]) {
      vi.advanceTimersByTime(delay - 1);
      expect(connect).toHaveBeenCalledTimes(attempts);
      vi.advanceTimersByTime(1);
      attempts += 1;
      expect(connect).toHaveBeenCalledTimes(attempts);
      await errorCount(attempts);
    }

    await feed.close();
    vi.advanceTimersByTime(60_000);
    expect(connect).toHaveBeenCalledTimes(attempts);
    expect(errors).toHaveLength(attempts);
    expect(events).toEqual([]);
    expect(feed.live).toBe(false);
  });

  it('closed while waiting to reconnect, never connects again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const connect = vi.spyOn(pg.Client.prototype, 'connect');
    const feed = await open();
    const events = record(feed);
    const lost = nextReset(feed);
    await killFeedConnection();
    await lost;
    await feed.close();
    vi.advanceTimersByTime(60_000);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['reset']);
    expect(feed.live).toBe(false);
  });

  it('once closed, does not reconnect nor tell anything, even of a committed change', async () => {
    const witness = await open();
    const feed = await open();
    const events = record(feed);
    await feed.close();
    expect(feed.live).toBe(false);
    expect(events).toEqual(['reset']);
    await vi.waitFor(async () => expect(await feedBackends()).toBe(1), { timeout: 5000 });

    const id = await insertBooking(database, userId);
    const seen = record(witness);
    await database.db.execute(sql`update bookings set adults = 3 where id = ${id}`);
    await witness.sync();
    expect(seen).toEqual([booking(id)]);
    expect(events).toEqual(['reset']);
    expect(feed.live).toBe(false);
    expect(await feedBackends()).toBe(1);
  });
});
