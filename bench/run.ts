// `npm run bench`: loopback load on a bare Fastify route and on real API routes in one run,
// printing requests per second, p99 latency and the ratio to the bare route.
// BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 50) tune the run; BENCH_ONLY=text
// measures only the routes whose name contains it (several texts separated by commas);
// BENCH_SCALE=0 skips the 1 000 000 bookings part; BENCH_PROFILE=dir writes the servers' CPU profiles.
// The API runs on a fresh database of the PostgreSQL server at BENCH_POSTGRES_URL (default: the
// local one); when none answers, on a fresh PGlite. Then the bookings list and step two's
// availability check are measured at 1 000 and 1 000 000 bookings (PostgreSQL only; BENCH_SCALE_DB
// names that part's scratch database).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function load(url: string, scenario: Pick<Scenario, 'method' | 'headers' | 'body'>) {
  const result = await autocannon({
    url,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections,
    duration: seconds,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Starts bench/serve.ts in a child process and resolves with it and its port once it listens. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE=dir writes each server's CPU profile there (open it in Chrome's DevTools).
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    const child = spawn(process.execPath, [...profile, path.join(import.meta.dirname, 'serve.ts')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
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

  console.log(`Database: ${kind}; server in its own process; ${connections} connections, ${seconds} s per route\n`);
  const baseline = await load(bareUrl, {});
  const rows = [{ route: 'bare Fastify route', ...baseline, ratio: 1 }];
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean) ?? [];
  for (const scenario of scenarios.filter((s) => only.length === 0 || only.some((text) => s.name.includes(text)))) {
    const prepared = await scenario.prepare?.(context);
    const result = await load(`${base}${prepared?.path ?? scenario.path}`, {
      method: scenario.method,
      headers: { ...(scenario.auth ? { authorization: `Bearer ${token}` } : {}), ...scenario.headers, ...prepared?.headers },
      body: prepared?.body ?? scenario.body,
    });
    rows.push({ route: scenario.name, ...result, ratio: result.rps / baseline.rps });
  }

  console.log('route'.padEnd(44), 'req/s'.padStart(9), 'p99 ms'.padStart(8), 'ratio'.padStart(7), 'errors'.padStart(7));
  for (const row of rows) {
    console.log(
      row.route.padEnd(44),
      row.rps.toFixed(0).padStart(9),
      String(row.p99).padStart(8),
      `${(row.ratio * 100).toFixed(0)}%`.padStart(7),
      String(row.errors).padStart(7),
    );
  }

  for (const server of [api, bare]) {
    server.child.removeAllListeners('exit');
    server.child.kill();
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresUrl) await dropPostgresDatabase(postgresServer, benchDatabase);
  if (postgresUrl && process.env.BENCH_SCALE !== '0') {
    await runBookingsScaleBench(postgresServer);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
