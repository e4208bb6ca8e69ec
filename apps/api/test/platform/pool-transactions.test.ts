import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresPool } from '../../src/platform/db/client.ts';
import { drizzleOnPool } from '../../src/platform/db/pool-transactions.ts';
import { isConnectionError } from '../../src/platform/lib/pg-errors.ts';
import { createTestDatabase } from '../support/test-database.ts';

const onPostgres = Boolean(inject('postgresUrl'));

describe.runIf(onPostgres)('transactions on the PostgreSQL pool', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await pool?.end();
  });
  afterAll(async () => {
    await database?.close();
  });

  const backendPid = async (db: ReturnType<typeof drizzleOnPool>) =>
    db.transaction(async (tx) => (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!.pid);

  it('gives back every connection whose BEGIN failed: a pool of 2 still serves after 4 such failures', async () => {
    pool = createPostgresPool(database.url!, 2);
    const db = drizzleOnPool(pool);
    // The connection dies between its checkout and BEGIN, as when its backend is killed then.
    let toKill = 4;
    pool.on('acquire', (client) => {
      if (toKill === 0) return;
      toKill -= 1;
      void client.end();
    });

    const failures: unknown[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await db.transaction(async (tx) => tx.execute(sql`select 1`)).catch((error: unknown) => failures.push(error));
    }
    expect(failures).toHaveLength(4);
    // What the API answers 503 for.
    expect(failures.every((error) => isConnectionError(error))).toBe(true);

    expect({ total: pool.totalCount, waiting: pool.waitingCount }).toEqual({ total: 0, waiting: 0 });
    const [first, second] = await Promise.all([backendPid(db), backendPid(db)]);
    expect(first).not.toBe(second);
    expect((await db.execute<{ one: number }>(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('keeps the connection of a transaction whose own work failed and was rolled back', async () => {
    pool = createPostgresPool(database.url!, 1);
    const db = drizzleOnPool(pool);
    const before = await backendPid(db);

    const refused = new Error('the caller refused');
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw refused;
      }),
    ).rejects.toBe(refused);

    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
    expect(await backendPid(db)).toBe(before);
  });
});
