import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Database } from '../../src/platform/db/client.ts';
import { createTestDatabase } from './test-database.ts';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
};

/**
 * A real app on a fresh database of its own, with mail kept in the outbox until the test runs
 * the worker (`app.outbox.runOnce()`) and jobs waiting for `app.jobs.runDue()`, so no test waits on a timer.
 * Silent unless given a `logStream` (with LOG_LEVEL in `env`): then the lines go there.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { database?: Database; logStream?: { write(line: string): void } } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    MAIL_WORKER: 'false',
    JOB_WORKER: 'false',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_MAX: '1000',
    BOOKING_RATE_LIMIT_ACCOUNT_MAX: '1000',
    BOOKING_RATE_LIMIT_ADDRESS_MAX: '1000',
    QUOTE_RATE_LIMIT_ADDRESS_MAX: '1000',
    VERIFICATION_RESEND_MAX: '1000',
    PROFILE_RATE_LIMIT_ACCOUNT_MAX: '1000',
    PROFILE_RATE_LIMIT_ADDRESS_MAX: '1000',
    MAIL_CAP_ADDRESS_MAX: '1000',
    MAIL_CAP_ACCOUNT_MAX: '1000',
    PUBLIC_URL: 'http://localhost:3000',
    ...env,
  });
  const database = options.database ?? (await createTestDatabase());
  const app = await buildApp({ config, database, logger: Boolean(options.logStream), logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
