import { createTableRelationsHelpers, extractTablesRelationalConfig, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle, NodePgSession, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema.ts';

type Schema = typeof schema;

/**
 * Drizzle on a node-postgres pool, with transactions that always give their connection back.
 *
 * drizzle-orm 0.45's pool session checks a client out and sends `BEGIN` before its try/finally:
 * when `BEGIN` fails (the backend was killed between checkout and `BEGIN`) the client is never
 * released and the pool shrinks for good; about ten such kills and every request waits for a
 * connection that never comes (issue 25). Here each transaction runs on a session bound to the
 * checked-out client (drizzle's own BEGIN/COMMIT/ROLLBACK, without its release) and this code
 * releases it in every case. The connection is kept only when the caller's work failed and its
 * ROLLBACK succeeded; a failed BEGIN, COMMIT or ROLLBACK may leave it dead or inside a
 * transaction, so it is released with the error and the pool discards it.
 */
export function drizzleOnPool(pool: pg.Pool): NodePgDatabase<Schema> & { $client: pg.Pool } {
  const db = drizzle(pool, { schema });
  // What drizzle() derives from the schema, once: a session per transaction must stay cheap.
  const dialect = new PgDialect();
  const tables = extractTablesRelationalConfig<ExtractTablesWithRelations<Schema>>(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };

  const transaction: typeof db.transaction = async (run, config) => {
    const client = await pool.connect();
    let workFailed = false;
    let workError: unknown;
    try {
      const session = new NodePgSession<Schema, ExtractTablesWithRelations<Schema>>(client, dialect, relational);
      const result = await session.transaction(async (tx) => {
        try {
          return await run(tx);
        } catch (error) {
          workFailed = true;
          workError = error;
          throw error;
        }
      }, config);
      client.release();
      return result;
    } catch (error) {
      client.release(!(workFailed && error === workError));
      throw error;
    }
  };
  db.transaction = transaction;
  return db;
}
