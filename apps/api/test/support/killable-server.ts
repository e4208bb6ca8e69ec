import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { PASSWORD, uniqueEmail } from './auth-helpers.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { createTestDatabase } from './test-database.ts';

/** The API's backends of this database (pooled queries, transactions, the change feed's LISTEN). */
export const API_BACKENDS = "from pg_stat_activity where application_name = 'riviera-vtc' and datname = current_database()";

export type KillableServer = {
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  server: ServerProcess;
  /** A connection of the test's own, outside the API's pool, that kills and inspects its backends. */
  killer: pg.Client;
  /** One request to the server, bounded; a request never answered fails with its name and the server's output. */
  call(method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Terminates every backend the API holds; answers how many. */
  killApiBackends(): Promise<number>;
  /** A new customer account, its access token. */
  register(label: string): Promise<string>;
  close(): Promise<void>;
};

/** A real server process on a PostgreSQL database of its own, with a connection that can kill its backends. */
export async function startKillableServer(env: Record<string, string>, timeoutMs = 20_000): Promise<KillableServer> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-kills-'));
  const server = await startServerProcess({
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'warn',
    MAIL_POLL_MS: '100',
    AUTH_RATE_LIMIT_MAX: '1000',
    ...env,
  });
  const killer = new pg.Client({ connectionString: database.url!, application_name: 'vtc-test-killer', query_timeout: 10_000 });
  await killer.connect();

  const call: KillableServer['call'] = async (method, url, token, body) => {
    try {
      const response = await fetch(server.url + url, {
        method,
        signal: AbortSignal.timeout(timeoutMs),
        headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    } catch (error) {
      throw new Error(`${method} ${url} got no answer: ${String(error)}\n${server.output().slice(-4000)}`, { cause: error });
    }
  };

  return {
    database,
    server,
    killer,
    call,
    async killApiBackends() {
      const { rowCount } = await killer.query(`select pg_terminate_backend(pid) ${API_BACKENDS}`);
      return rowCount ?? 0;
    },
    async register(label) {
      const registered = await call('POST', '/api/auth/register', undefined, {
        fullName: 'Camille Martin',
        email: uniqueEmail(label),
        phone: '+33612345678',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptTerms: true,
      });
      expect(registered.status).toBe(201);
      return registered.body.token as string;
    },
    async close() {
      await killer.end();
      await server.kill();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
