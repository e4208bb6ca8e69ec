import { toE164 } from '@vtc/shared/phone/phone-number';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { appMeta, bookings, contactMessages, users } from './schema.ts';

const DONE_KEY = 'phones_normalized_e164';

const tables = [users, bookings, contactMessages] as const;

/**
 * Numbers stored before phones were checked against their numbering plan are rewritten in E.164
 * when they parse (`06 12 34 56 78` becomes `+33612345678`); the others stay as they were typed.
 * It runs once per database, after the migrations: SQL alone cannot tell which numbers are valid.
 * Returns how many rows were rewritten.
 */
export async function normalizeStoredPhones(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DONE_KEY, value: new Date().toISOString() })
      .onConflictDoNothing({ target: appMeta.key })
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return 0;
    let rewritten = 0;
    for (const table of tables) {
      const rows = await tx
        .select({ id: table.id, phone: table.phone })
        .from(table)
        .where(sql`${table.phone} !~ '^\\+[0-9]+$'`);
      for (const row of rows) {
        const e164 = row.phone === null ? undefined : toE164(row.phone);
        if (!e164 || e164 === row.phone) continue;
        await tx.update(table).set({ phone: e164 }).where(eq(table.id, row.id));
        rewritten += 1;
      }
    }
    return rewritten;
  });
}
