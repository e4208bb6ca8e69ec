import { sql } from 'drizzle-orm';
import { CHANGES_CHANNEL, topicPayload } from './change-feed.ts';
import type { DbOrTx } from './client.ts';

/**
 * Announces `body` on `topic` to every process's change feed (`{ kind: 'topic' }`). In a
 * transaction the notification leaves at its commit, and not at all if it rolls back; PostgreSQL
 * delivers notifications in commit order, on PGlite the process's own listeners get it.
 */
export async function publishOnFeed(db: DbOrTx, topic: string, body: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${topicPayload(topic, body)})`);
}
