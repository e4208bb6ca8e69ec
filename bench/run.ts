// `npm run bench`: loopback load on a bare Fastify route and on real API routes in one run,
// printing requests per second, p99 latency and the ratio to the bare route.
// BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 50) tune the run; BENCH_ONLY=text
// measures only the routes whose name contains it (several texts separated by commas);
// BENCH_SCALE=0 skips the 1 000 000 bookings part; BENCH_PROFILE=dir writes the servers' CPU profiles.
// BENCH_TRACKING=0 skips the tracking fan-out (two servers, 500 SSE pages, bench/tracking-fanout.ts).
// BENCH_ROUNDS=n (default 1) measures each route n times, each right after the bare route for as
// long, and prints the median of those ratios with their range: on a machine whose load changes
// from second to second, a ratio taken against a bare route measured minutes earlier means little.
// The API runs on a fresh database of the PostgreSQL server at BENCH_POSTGRES_URL (default: the
// local one); when none answers, on a fresh PGlite. Then the bookings list and step two's
// availability check are measured at 1 000 and 1 000 000 bookings (PostgreSQL only; BENCH_SCALE_DB
// names that part's scratch database).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/platform/db/open-database.ts';
import { seedDemoData } from '../apps/api/src/demo/demo-seed.ts';
import { upsertAdmin } from '../apps/api/src/accounts/auth/ensure-admin.ts';
import { runBookingsScaleBench } from './bookings-scale.ts';
import { DEFAULT_BENCH_POSTGRES, dropPostgresDatabase, freshPostgresDatabase } from './postgres.ts';
import { scenarios, type Scenario } from './scenarios.ts';
import { startServer } from './server-process.ts';
import { runTrackingFanoutBench } from './tracking-fanout.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));

/**
 * The CPU time a process has used, in microseconds, from /proc (Linux); null elsewhere. Unlike
 * requests per second it hardly moves with the load of other processes on the machine.
 */
function cpuMicros(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

async function load(url: string, server: ChildProcess, scenario: Pick<Scenario, 'method' | 'headers' | 'body'>) {
  const cpuBefore = cpuMicros(server.pid);
  const result = await autocannon({
    url,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections,
    duration: seconds,
  });
  const cpuAfter = cpuMicros(server.pid);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

/** Several runs of one route as one row: mean requests per second, worst p99, every error, server CPU per request. */
function summarise(runs: Awaited<ReturnType<typeof load>>[]) {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const cpu = runs.every((run) => run.cpu !== null) ? runs.reduce((sum, run) => sum + run.cpu!, 0) : null;
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    p99: Math.max(...runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    cpuPerRequest: cpu === null || requests === 0 ? null : cpu / requests,
  };
}

// One database per run, so that two runs on the same server do not drop each other's.
const benchDatabase = `vtc_bench_${process.pid}`;

async function main() {
  const bare = await startServer({ BENCH_MODE: 'bare' });
  const bareUrl = `http://127.0.0.1:${bare.port}/bare`;

  const postgresServer = process.env.BENCH_POSTGRES_URL ?? DEFAULT_BENCH_POSTGRES;
  const postgresUrl = await freshPostgresDatabase(postgresServer, benchDatabase);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: postgresUrl ?? undefined,
    LOG_LEVEL: 'silent',
    MAIL_WORKER: 'false',
    AUTH_RATE_LIMIT_MAX: '1000000',
  });
  const database = await openDatabase(config);
  await seedDemoData(database.db);
  await upsertAdmin(database.db, { email: 'bench-admin@riviera-vtc.test', password: 'bench-password' });
  const kind = database.kind;
  // PGlite allows one process at a time: the server process opens it once this one has let go.
  await database.close();
  const api = await startServer({ BENCH_MODE: 'api', BENCH_DATA_DIR: dataDir, DATABASE_URL: postgresUrl ?? '' });
  const base = `http://127.0.0.1:${api.port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@riviera-vtc.test', password: 'bench-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const context = { base, token };

  const roundsNote = rounds > 1 ? `, ${rounds} rounds each after the bare route (median ratio, range)` : '';
  console.log(`Database: ${kind}; server in its own process; ${connections} connections, ${seconds} s per route${roundsNote}\n`);
  const bareRuns = [await load(bareUrl, bare.child, {})];
  const rows: ({ route: string; ratios: number[] } & ReturnType<typeof summarise>)[] = [];
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];
  for (const scenario of scenarios.filter((s) => only.length === 0 || only.some((text) => s.name.includes(text)))) {
    const prepared = await scenario.prepare?.(context);
    const runs = [];
    const ratios = [];
    for (let round = 0; round < rounds; round += 1) {
      // One round: every route against the bare run made above, as before BENCH_ROUNDS; several:
      // each against its own, except the first round of the first route.
      const fresh = rounds > 1 && (round > 0 || rows.length > 0);
      const bareRun = fresh ? await load(bareUrl, bare.child, {}) : bareRuns[0]!;
      if (fresh) bareRuns.push(bareRun);
      const run = await load(`${base}${prepared?.path ?? scenario.path}`, api.child, {
        method: scenario.method,
        headers: { ...(scenario.auth ? { authorization: `Bearer ${token}` } : {}), ...scenario.headers, ...prepared?.headers },
        body: prepared?.body ?? scenario.body,
      });
      runs.push(run);
      ratios.push(run.rps / bareRun.rps);
    }
    rows.push({ route: scenario.name, ...summarise(runs), ratios });
  }
  rows.unshift({ route: 'bare Fastify route', ...summarise(bareRuns), ratios: [1] });

  // cpu µs: the server process's CPU time per request (user and system), steady under a changing load.
  console.log('route'.padEnd(44), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'ratio'.padStart(7), 'errors'.padStart(7), 'cpu µs'.padStart(7), rounds > 1 ? '  range' : '');
  const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
  for (const row of rows) {
    const sorted = [...row.ratios].sort((a, b) => a - b);
    console.log(
      row.route.padEnd(44),
      row.rps.toFixed(0).padStart(9),
      String(row.p99).padStart(8),
      percent(sorted[Math.floor((sorted.length - 1) / 2)]!).padStart(7),
      String(row.errors).padStart(7),
      (row.cpuPerRequest === null ? '-' : row.cpuPerRequest.toFixed(0)).padStart(7),
      rounds > 1 && sorted.length > 1 ? `  ${percent(sorted[0]!)}-${percent(sorted.at(-1)!)}` : '',
    );
  }

  for (const server of [api, bare]) {
    server.child.removeAllListeners('exit');
    server.child.kill();
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresUrl) await dropPostgresDatabase(postgresServer, benchDatabase);
  if (process.env.BENCH_TRACKING !== '0') {
    if (postgresUrl) await runTrackingFanoutBench(postgresServer);
    else console.log('\nTracking fan-out: skipped (two server processes need PostgreSQL)');
  }
  if (postgresUrl && process.env.BENCH_SCALE !== '0') {
    await runBookingsScaleBench(postgresServer);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
