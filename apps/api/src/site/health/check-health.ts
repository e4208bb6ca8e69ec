import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** Resolves when the database answers; what `/api/health` and the health watchdog judge the process by. */
export async function checkHealth(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
