import type { Config } from '../../config.ts';
import { createDatabase, type Database } from './client.ts';
import { normalizeStoredPhones } from './normalize-stored-phones.ts';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under the data folder; migrated. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'PGLITE_DIR'>): Promise<Database> {
  const database = config.DATABASE_URL
    ? createDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : createDatabase({ kind: 'pglite', dataDir: config.PGLITE_DIR });
  try {
    await database.migrate();
    await normalizeStoredPhones(database.db);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
