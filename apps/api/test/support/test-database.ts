import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, pgliteExtensions, type Database } from '../../src/platform/db/client.ts';

/**
 * A fresh, migrated database for one test file: PGlite by default, PostgreSQL with TEST_DATABASE_URL,
 * through a pool of `poolSize` connections (5: test files run side by side on one server).
 * A request may wait 15 s for a free connection (the server waits 5 s): several tests send 20 to 30
 * requests at once, and on a loaded 2-core machine the last of them queue behind the others'
 * transactions for more than 5 s, which answered 503 and failed a test by chance.
 */
export async function createTestDatabase({ poolSize = 5 }: { poolSize?: number } = {}): Promise<Database & { url?: string }> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) {
    const name = `vtc_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = createDatabase({ kind: 'postgres', url: url.toString(), poolSize, connectTimeoutMs: 15_000 });
    return {
      ...database,
      url: url.toString(),
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: postgresUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([template]), extensions: pgliteExtensions });
  return createDatabase({ kind: 'pglite', client });
}
