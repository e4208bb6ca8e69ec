// The tracking fan-out (decision 0132): two API server processes on one PostgreSQL, 500 tracking
// pages (Server-Sent Events, half on each process) and a chauffeur posting positions to the two in
// turn. Each position's latency is from the moment its POST leaves to the moment a page reads it;
// the goal is p95 within 1 s with no position missed. Bounded: BENCH_TRACKING_CLIENTS (500) pages,
// BENCH_TRACKING_POSITIONS (20) positions 250 ms apart, each awaited 5 s at most, on loopback only.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { toParisDateTimeLocal } from '../packages/shared/src/time/paris-time.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/platform/db/open-database.ts';
import { seedDemoData } from '../apps/api/src/demo/demo-seed.ts';
import { upsertAdmin } from '../apps/api/src/accounts/auth/ensure-admin.ts';
import { trackingLink } from '../apps/api/src/booking/tracking-links.ts';
import { dropPostgresDatabase, freshPostgresDatabase } from './postgres.ts';
import { startServer } from './server-process.ts';

const CLIENTS = Number(process.env.BENCH_TRACKING_CLIENTS ?? 500);
const POSITIONS = Number(process.env.BENCH_TRACKING_POSITIONS ?? 20);
const GAP_MS = 250;
const WAIT_MS = 5_000;
const GOAL_P95_MS = 1_000;
const DB_NAME = `vtc_bench_tracking_${process.pid}`;

type Json = Record<string, unknown>;

async function call(base: string, method: string, url: string, body?: Json, token?: string): Promise<Json> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Json) : {};
}

/** An accepted trip three hours ahead, given to a chauffeur who is on the way: its id and mission token. */
async function tripOnTheWay(base: string, postgresUrl: string): Promise<{ id: number; missionToken: string }> {
  const { token: admin } = (await call(base, 'POST', '/api/auth/login', { email: 'bench-admin@riviera-vtc.test', password: 'bench-password' })) as { token: string };
  const { token: customer } = (await call(base, 'POST', '/api/auth/register', {
    fullName: 'Bench Tracking',
    email: `bench-tracking-${process.pid}@riviera-vtc.test`,
    phone: '+33612345678',
    password: 'bench-password-1',
    confirmPassword: 'bench-password-1',
    acceptTerms: true,
  })) as { token: string };
  const { bookingId: id } = (await call(
    base,
    'POST',
    '/api/user/booking/add',
    {
      origin: { title: 'Nice', placeId: 'city-nice' },
      destination: { title: 'Monaco', placeId: 'city-monaco' },
      date: toParisDateTimeLocal(new Date(Date.now() + 3 * 3_600_000)),
      passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }),
    },
    customer,
  )) as { bookingId: number };
  const { cars } = (await call(base, 'GET', `/api/user/booking/step-two/${id}`, undefined, customer)) as { cars: { id: number; allowed: boolean }[] };
  const carId = cars.find((car) => car.allowed)!.id;
  await call(base, 'PUT', `/api/user/booking/update-car/${id}/${carId}`, { bookingId: id, carId }, customer);
  await call(base, 'PUT', `/api/user/booking/update-booking-info/${id}`, { bookingId: id, fullName: 'Bench Tracking', email: 'bench@riviera-vtc.test', phone: '+33612345678', method: 'cash' }, customer);
  await call(base, 'PUT', `/api/booking/accept/${id}`, {}, admin);
  const driver = (await call(base, 'POST', '/api/driver/add', { fullName: 'Bench Chauffeur', phone: '+33698765432', email: 'bench-driver@riviera-vtc.test', languages: ['fr'] }, admin)) as { data: { id: number } };
  await call(base, 'PUT', `/api/booking/assign/${id}`, { driverId: driver.data.id, carId }, admin);
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  const { rows } = await client.query<{ text_body: string }>(`select text_body from mail_outbox where kind = 'mission_link' order by id desc limit 1`);
  await client.end();
  const missionToken = decodeURIComponent(/token=([\w%-]+)/.exec(rows[0]!.text_body)![1]!);
  await call(base, 'PUT', `/api/mission/status/${id}`, { token: missionToken, status: 'en_route' });
  return { id, missionToken };
}

/** One tracking page: its stream, read as a browser's EventSource would, each position's arrival time noted by its `at`. */
function openPage(url: string, received: Map<string, number>[], index: number): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      let opened = false;
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!opened && block.includes('event: status')) {
            opened = true;
            resolve(request);
          }
          if (!block.includes('event: position')) continue;
          const data = /^data: (.*)$/m.exec(block)?.[1];
          const at = data ? (JSON.parse(data) as { position: { at: string } | null }).position?.at : undefined;
          if (at) received[index]!.set(at, performance.now());
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function runTrackingFanoutBench(postgresServer: string): Promise<void> {
  const postgresUrl = await freshPostgresDatabase(postgresServer, DB_NAME);
  if (!postgresUrl) {
    console.log('\nTracking fan-out: skipped (no PostgreSQL)');
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-bench-tracking-'));
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgresUrl, LOG_LEVEL: 'silent', MAIL_WORKER: 'false' });
  const database = await openDatabase(config);
  await seedDemoData(database.db);
  await upsertAdmin(database.db, { email: 'bench-admin@riviera-vtc.test', password: 'bench-password' });
  await database.close();

  // Both processes read the JWT secret from the same folder: a link signed by one is good on the other.
  const env = { BENCH_MODE: 'api', BENCH_DATA_DIR: dataDir, DATABASE_URL: postgresUrl, MISSION_EN_ROUTE_HOURS: '48' };
  const servers = [await startServer(env), await startServer(env)];
  const bases = servers.map((server) => `http://127.0.0.1:${server.port}`);
  const pages: http.ClientRequest[] = [];
  try {
    const trip = await tripOnTheWay(bases[0]!, postgresUrl);
    const link = new URL(trackingLink(config, trip.id));
    const received = Array.from({ length: CLIENTS }, () => new Map<string, number>());
    const opening = performance.now();
    for (let batch = 0; batch < CLIENTS; batch += 50) {
      const size = Math.min(50, CLIENTS - batch);
      pages.push(...(await Promise.all(Array.from({ length: size }, (_, offset) => {
        const index = batch + offset;
        return openPage(`${bases[index % 2]}/api/track/stream/${trip.id}${link.search}`, received, index);
      }))));
    }
    const openedMs = performance.now() - opening;

    const latencies: number[] = [];
    let missed = 0;
    for (let n = 0; n < POSITIONS; n += 1) {
      const at = new Date().toISOString();
      const sent = performance.now();
      // A chauffeur on the road out of Nice, posting to either process as a load balancer would send it.
      await call(bases[n % 2]!, 'POST', `/api/mission/position/${trip.id}`, { token: trip.missionToken, lat: 43.7 - n * 0.001, lon: 7.26 - n * 0.001, accuracy: 10, at });
      const deadline = sent + WAIT_MS;
      while (received.some((page) => !page.has(at)) && performance.now() < deadline) await sleep(10);
      for (const page of received) {
        const arrived = page.get(at);
        if (arrived === undefined) missed += 1;
        else latencies.push(arrived - sent);
      }
      await sleep(GAP_MS);
    }
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    console.log(`\nTracking fan-out: 2 server processes on PostgreSQL, ${CLIENTS} SSE pages (opened in ${openedMs.toFixed(0)} ms), ${POSITIONS} positions`);
    console.log(
      `  delivery ms   p50 ${percentile(latencies, 50).toFixed(0)}   p95 ${p95.toFixed(0)}   max ${(latencies.at(-1) ?? NaN).toFixed(0)}   missed ${missed} of ${CLIENTS * POSITIONS}   ` +
        `${p95 <= GOAL_P95_MS && missed === 0 ? 'OK' : 'ABOVE GOAL'} (goal: p95 ≤ ${GOAL_P95_MS} ms, none missed)`,
    );
  } finally {
    for (const page of pages) page.destroy();
    for (const server of servers) {
      server.child.removeAllListeners('exit');
      server.child.kill();
    }
    rmSync(dataDir, { recursive: true, force: true });
    await dropPostgresDatabase(postgresServer, DB_NAME);
  }
}
