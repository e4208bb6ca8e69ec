import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

type Reads = readonly (() => PromiseLike<unknown>)[];
type Results<R extends Reads> = { -readonly [K in keyof R]: Awaited<ReturnType<R[K]>> };

/**
 * Runs independent reads: together on the pool, each on a connection of its own; one after the
 * other inside a transaction, whose single connection takes one query at a time (node-postgres
 * queues a second one with a deprecation warning, and pg 9 will refuse it).
 */
export async function readTogether<const R extends Reads>(db: DbOrTx, reads: R): Promise<Results<R>> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<R>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<R>;
}
