// A server for the benchmark, in its own process so that it does not share an event loop with
// the load generator: BENCH_MODE=bare serves one trivial route; BENCH_MODE=api serves the real
// app on the already prepared database (BENCH_DATA_DIR, DATABASE_URL). Prints {"port":N} when ready.
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/platform/db/open-database.ts';

// A clean exit on kill, so that --cpu-prof writes its profile.
process.on('SIGTERM', () => process.exit(0));

async function main() {
  if (process.env.BENCH_MODE === 'bare') {
    const bare = Fastify({ logger: false });
    bare.get('/bare', async () => ({ ok: true }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    console.log(JSON.stringify({ port: (bare.server.address() as { port: number }).port }));
    return;
  }
  const config = loadConfig({
    DATA_DIR: process.env.BENCH_DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL,
    LOG_LEVEL: 'silent',
    MAIL_WORKER: 'false',
    AUTH_RATE_LIMIT_MAX: '1000000',
    // The tracking fan-out (bench/tracking-fanout.ts) sets a trip off a few hours ahead.
    MISSION_EN_ROUTE_HOURS: process.env.MISSION_EN_ROUTE_HOURS,
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
