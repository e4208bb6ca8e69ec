import type { DbOrTx } from './client.ts';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A query built once per database handle (or transaction) and then run with new values: the
 * hot read paths skip drizzle's query building, and on PostgreSQL each connection parses the
 * named statement once and reuses its plan.
 */
export function prepareOnce<T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
