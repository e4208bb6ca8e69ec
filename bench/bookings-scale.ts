// The admin bookings list at 1 000 and at 1 000 000 bookings on PostgreSQL: p95 latency of the
// first page, a status filter and a page deep in the history, and the ratio between the sizes
// (goal: within 2x, thanks to keyset paging on indexed columns). Also step two, each request a
// booking not yet answered, so that its availability check (the car_holds GiST index on car and
// time range) runs every time against the holds of every pending, accepted and paid booking.
// And the planning's week (GET /api/booking/calendar): one week 60 days ahead holds the same 140
// trips at both sizes, so the ratio shows whether the indexes skip the other bookings (decision 0084).
// The drawer's change of a booking (PUT /api/booking/update/{id}, decision 0120) too.
// The search (decision 0071) is measured beside them: a word of a name, and a phone typed in the
// national format; at 1 000 000 their query plans are printed and must use their indexes.
// After each fill the tables are vacuumed and analysed, as autovacuum would have done to a table
// grown over years: its visibility map lets the users page count from an index alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/platform/db/open-database.ts';
import { seedDemoData } from '../apps/api/src/demo/demo-seed.ts';
import { upsertAdmin } from '../apps/api/src/accounts/auth/ensure-admin.ts';
import { findPlannedBookings } from '../apps/api/src/operations/planning/planning-repository.ts';
import { bookingsPageQuery, resolveSearch } from '../apps/api/src/booking/bookings-repository.ts';
import { parseSearch } from '../apps/api/src/platform/db/text-search.ts';
import { dropPostgresDatabase, freshPostgresDatabase } from './postgres.ts';

// BENCH_SCALE_DB names the scratch database, so that two runs on one server do not share it.
const DB_NAME = process.env.BENCH_SCALE_DB ?? 'vtc_bench_scale';
const REQUESTS = Number(process.env.BENCH_SCALE_REQUESTS ?? 1000);
// BENCH_SCALE_BOOKINGS: the large size (default 1 000 000), smaller for a quick look.
const LARGE = Number(process.env.BENCH_SCALE_BOOKINGS ?? 1_000_000);
const CONCURRENCY = 10;

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}

/** p95 latency in ms of REQUESTS GETs made CONCURRENCY at a time; a function gives the nth URL, `init` the nth request's method and body. */
async function measure(target: string | ((n: number) => string), token: string, init?: (n: number) => RequestInit): Promise<number> {
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const url = typeof target === 'string' ? target : target(next);
      next += 1;
      const request = init?.(next - 1) ?? {};
      const started = performance.now();
      const response = await fetch(url, { ...request, headers: { authorization: `Bearer ${token}`, ...request.headers } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      samples.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return p95(samples);
}

/**
 * The searches measured. Booking n's contact is "Client <n in letters>" (0-9 as a, e, i, o, u, b, c,
 * d, f, g: 1000 is "Eaaa", a surname about 500 of the 1 000 000 contain) with the phone
 * +336 and n on 8 digits, typed here as a person reads it out.
 */
const SEARCH_NAME = 'Eaaa';
const SEARCH_PHONE = '06 00 00 10 00';

/** Adds bookings numbered from `from` to `to`, spread over users, statuses and the past years. */
function insertBookings(from: number, to: number) {
  return sql`
    insert into bookings (user_id, status, language, origin, destination, rent_from_type, rent_to_type,
      pickup_at, distance_km, adults, car_id, total_cents, deposit_cents, full_name, email, phone, created_at, updated_at)
    select
      (select min(id) from users) + (i % 1000),
      (array['draft','car_selected','pending','accepted','rejected','paid','completed','cancelled'])[1 + i % 8]::booking_status,
      'fr',
      jsonb_build_object('title', 'Nice Côte d''Azur', 'type', 'airport'),
      jsonb_build_object('title', 'Monaco', 'type', 'town'),
      'airport', 'town',
      now() - make_interval(secs => i * 90) + interval '3 days',
      25.5, 2, (select min(id) from cars), 9500, 1900,
      'Client ' || initcap(translate(i::text, '0123456789', 'aeioubcdfg')), 'client' || i || '@example.test',
      '+336' || lpad(i::text, 8, '0'),
      now() - make_interval(secs => i * 90),
      now() - make_interval(secs => i * 90)
    from generate_series(${from}::int, ${to}::int) as i`;
}

/**
 * Holds for the bookings that hold their car and have none yet, all on the first car (the worst
 * case for one car's index entries), 70 minutes apart so that none overlaps, around now.
 */
const insertHolds = () => sql`
  insert into car_holds (booking_id, car_id, leg, during)
  select b.id, (select min(id) from cars), 'outbound',
    tstzrange(now() + interval '30 days' - b.id * interval '70 minutes', now() + interval '30 days' - b.id * interval '70 minutes' + interval '65 minutes')
  from bookings b
  where b.status in ('pending', 'accepted', 'paid') and not exists (select 1 from car_holds h where h.booking_id = b.id)`;

/** The Paris day `days` from now, YYYY-MM-DD: the planning week starts there. */
const CALENDAR_WEEK_DAYS = 60;
const dayFromNow = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + days * 86_400_000));

/**
 * 140 accepted trips (20 a day, 72 minutes apart) in the planning week, on the last car, with
 * their holds, inserted once: the week reads the same trips at 1 000 and at 1 000 000 bookings.
 */
const insertCalendarWeek = () => sql`
  with trips as (
    insert into bookings (user_id, status, language, origin, destination, rent_from_type, rent_to_type,
      pickup_at, distance_km, adults, car_id, total_cents, deposit_cents, full_name, email)
    select (select min(id) from users), 'accepted', 'fr',
      jsonb_build_object('title', 'Nice Côte d''Azur', 'type', 'airport'),
      jsonb_build_object('title', 'Monaco', 'type', 'town'),
      'airport', 'town',
      ${dayFromNow(CALENDAR_WEEK_DAYS)}::date::timestamptz + i * interval '72 minutes',
      25.5, 2, (select max(id) from cars), 9500, 1900, 'Planning ' || i, 'planning' || i || '@example.test'
    from generate_series(0, 139) as i
    returning id, car_id, pickup_at)
  insert into car_holds (booking_id, car_id, leg, during)
  select id, car_id, 'outbound', tstzrange(pickup_at, pickup_at + interval '65 minutes') from trips`;

/** REQUESTS drafts (Nice -> Monaco) whose pickups fall among the holds; their ids in order. */
async function insertDrafts(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    insert into bookings (user_id, status, language, origin, destination, rent_from_type, rent_to_type, pickup_at, distance_km, adults)
    select (select min(id) from users), 'draft', 'fr',
      jsonb_build_object('title', 'Nice', 'type', 'town', 'placeId', 'city-nice'),
      jsonb_build_object('title', 'Monaco', 'type', 'town', 'placeId', 'city-monaco'),
      'town', 'town', now() + interval '30 days' - i * interval '97 minutes', 25.5, 2
    from generate_series(1, ${REQUESTS}::int) as i
    returning id`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
}

/**
 * The plans of the two searches as the API sends them (EXPLAIN ANALYZE); says whether each uses
 * the bookings' index meant for it, which is what keeps them fast at 1 000 000 bookings: the
 * trigram index for a word, the phone key's btree indexes for a number (decision 0104).
 */
async function printSearchPlans(url: string, db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const [q, index] of [
      [SEARCH_NAME, 'bookings_search_trgm_idx'],
      [SEARCH_PHONE, 'bookings_phone_key_idx'],
    ] as const) {
      const query = bookingsPageQuery(db, { search: await resolveSearch(db, parseSearch(q)!), limit: 21 }).toSQL();
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${query.sql}`, query.params);
      const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
      // The bench's 1 000 accounts are read whole (cheaper than their index); the bookings must not be.
      const indexed = plan.includes(index);
      console.log(`\nPlan of the search "${q}" at 1 000 000 bookings (${indexed ? `${index} used` : `${index} NOT USED`}):\n${plan}`);
    }
  } finally {
    await client.end();
  }
}

export async function runBookingsScaleBench(serverUrl: string): Promise<void> {
  const url = await freshPostgresDatabase(serverUrl, DB_NAME);
  if (!url) {
    console.log('\nBookings list at scale: skipped (no PostgreSQL server answers)');
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-bench-scale-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'silent', MAIL_WORKER: 'false', AUTH_RATE_LIMIT_MAX: '1000000' });
  const database = await openDatabase(config);
  const db = database.db;
  await seedDemoData(db);
  await upsertAdmin(db, { email: 'bench-admin@riviera-vtc.test', password: 'bench-password' });
  await db.execute(sql`
    insert into users (email, password_hash, full_name, phone)
    select 'customer' || i || '@example.test', 'x', 'Customer ' || i, '+33600000000' from generate_series(1, 1000) as i`);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // An access token lives 15 minutes, less than filling 1 000 000 bookings may take: each round logs in.
  const logIn = async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench-admin@riviera-vtc.test', password: 'bench-password' }),
    });
    return ((await login.json()) as { token: string }).token;
  };
  let token = await logIn();

  const pageAfter = async (pages: number) => {
    let cursor: string | null = null;
    for (let i = 0; i < pages; i += 1) {
      const query: string = cursor ? `&after=${encodeURIComponent(cursor)}` : '';
      const body = (await (await fetch(`${base}/api/booking/getAll?limit=20${query}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { nextCursor: string | null };
      cursor = body.nextCursor;
    }
    return cursor;
  };
  const routes = async () => {
    const deep = await pageAfter(40);
    return {
      'first page (20 newest)': `${base}/api/booking/getAll?limit=20`,
      'status = pending': `${base}/api/booking/getAll?limit=20&status=pending`,
      'page 41 (keyset cursor)': `${base}/api/booking/getAll?limit=20&after=${encodeURIComponent(deep ?? '')}`,
      'search by customer e-mail': `${base}/api/booking/getAll?limit=20&q=customer77`,
      'planning week (calendar)': `${base}/api/booking/calendar?from=${dayFromNow(CALENDAR_WEEK_DAYS)}&to=${dayFromNow(CALENDAR_WEEK_DAYS + 7)}`,
      'search a name word': `${base}/api/booking/getAll?limit=20&q=${SEARCH_NAME}`,
      'search a phone (06 …)': `${base}/api/booking/getAll?limit=20&q=${encodeURIComponent(SEARCH_PHONE)}`,
      'users search + counts': `${base}/api/user/getAll?limit=50&q=${encodeURIComponent('customer 77')}`,
    };
  };
  // The drawer's change (decision 0120): each request moves a booking still to drive onto a car no
  // other booking holds, at an hour of its own, so every one re-prices, checks the car and the
  // chauffeur against the holds' GiST index, rewrites the holds and issues a voucher version.
  let changesMade = 0;
  const ids = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  const spareCar = async () => (await ids(sql`select max(id) as id from cars`))[0]!;
  const changeable = () => ids(sql`select id from bookings where status in ('pending', 'accepted', 'paid') and pickup_at > now() + interval '1 day' order by id limit 300`);
  const changeDate = (k: number) => {
    const at = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 4, 1, 6) + k * 3 * 3_600_000);
    return at.toISOString().slice(0, 16);
  };
  const measureAll = async () => {
    token = await logIn();
    const result: Record<string, number> = {};
    for (const [name, routeUrl] of Object.entries(await routes())) result[name] = await measure(routeUrl, token);
    const drafts = await insertDrafts(db);
    result['step two (availability)'] = await measure((n) => `${base}/api/user/booking/step-two/${drafts[n % drafts.length]}`, token);
    const [bookingIds, carId] = [await changeable(), await spareCar()];
    const round = changesMade;
    changesMade += REQUESTS;
    result['change (PUT update)'] = await measure(
      (n) => `${base}/api/booking/update/${bookingIds[n % bookingIds.length]}`,
      token,
      (n) => ({ method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ date: changeDate(round + n), carId, reason: 'bench' }) }),
    );
    return result;
  };

  try {
    await db.execute(insertBookings(1, 1000));
    await db.execute(insertCalendarWeek());
    await db.execute(insertHolds());
    await db.execute(sql`vacuum analyze`);
    const small = await measureAll();
    console.log(`\nFilling PostgreSQL with ${LARGE} bookings…`);
    const started = Date.now();
    for (let from = 1001; from <= LARGE; from += 100_000) {
      await db.execute(insertBookings(from, Math.min(from + 99_999, LARGE)));
    }
    await db.execute(insertHolds());
    await db.execute(sql`vacuum analyze`);
    console.log(`…done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await printSearchPlans(url, db);
    const large = await measureAll();

    // The planning week's query plan at 1 000 000 bookings: index scans, no sequential scan of bookings.
    const weekFrom = new Date(`${dayFromNow(CALENDAR_WEEK_DAYS)}T00:00:00Z`);
    const plan = await db.execute<{ 'QUERY PLAN': string }>(
      sql`explain ${findPlannedBookings(db, weekFrom, new Date(weekFrom.getTime() + 7 * 86_400_000))}`,
    );
    console.log(`\nPlanning week, query plan at ${LARGE} bookings:`);
    for (const row of (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows) console.log(`  ${row['QUERY PLAN']}`);

    console.log(`\nAdmin bookings list and step two, p95 of ${REQUESTS} requests (${CONCURRENCY} at a time), PostgreSQL`);
    console.log('query'.padEnd(30), '1 000 (ms)'.padStart(11), `${LARGE} (ms)`.padStart(15), 'ratio'.padStart(7), ' goal ≤ 2x');
    for (const name of Object.keys(small)) {
      const ratio = large[name]! / small[name]!;
      console.log(name.padEnd(30), small[name]!.toFixed(1).padStart(11), large[name]!.toFixed(1).padStart(15), `${ratio.toFixed(2)}x`.padStart(7), ratio <= 2 ? ' ok' : ' OVER');
    }
  } finally {
    await app.close();
    await database.close();
    // BENCH_SCALE_KEEP=1 leaves the 1 000 000 bookings in place, to EXPLAIN a query on them.
    if (process.env.BENCH_SCALE_KEEP === '1') console.log(`\nKept the database ${url}`);
    else await dropPostgresDatabase(serverUrl, DB_NAME);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
