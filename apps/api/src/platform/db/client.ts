import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openPgliteChangeFeed, openPostgresChangeFeed, type ChangeFeed } from './change-feed.ts';
import { drizzleOnPool } from './pool-transactions.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Committed changes announced by the database's triggers (migration 0002), for read caches. */
  openChangeFeed(onError?: (error: unknown) => void): Promise<ChangeFeed>;
  close(): Promise<void>;
};

/** The extensions the migrations create (pg_trgm: the back office search), loaded into every PGlite. */
export const pgliteExtensions = { pg_trgm };

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../../drizzle');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number }
  | { kind: 'pglite'; dataDir?: string; client?: PGlite };

/**
 * The pool of connections to PostgreSQL, named, bounded in its waits, and safe from killed backends.
 * `connectTimeoutMs` bounds both a new connection and a request's wait for a free one in the pool.
 */
export function createPostgresPool(url: string, poolSize = 10, { connectTimeoutMs = 5_000 }: { connectTimeoutMs?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Names the backends in pg_stat_activity; an application_name in the URL wins.
    application_name: 'riviera-vtc',
    // While the database is unreachable a request fails (503) instead of waiting for ever.
    connectionTimeoutMillis: connectTimeoutMs,
    // TCP keepalive notices a server that vanished without closing the socket (host down, network cut).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection closed by the server (restart, pg_terminate_backend, DROP DATABASE ... FORCE)
  // emits 'error' whether it is idle or checked out by a query or transaction: an unheard
  // 'error' event would crash the process. The query under way is rejected on its own, and the
  // pool discards a client that failed, so there is nothing more to do here.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.kind === 'postgres') {
    const pool = createPostgresPool(options.url, options.poolSize, { connectTimeoutMs: options.connectTimeoutMs });
    const db = drizzleOnPool(pool);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
      openChangeFeed: (onError) => openPostgresChangeFeed({ url: options.url, onError }),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.client ?? new PGlite(options.dataDir, { extensions: pgliteExtensions });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    openChangeFeed: () => openPgliteChangeFeed(client),
    close: () => client.close(),
  };
}
