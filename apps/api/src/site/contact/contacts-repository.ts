import { and, count, desc, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { contactMessages } from '../../platform/db/schema.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type ContactMessageValues = Pick<ContactMessageRow, 'firstName' | 'lastName' | 'email' | 'phone' | 'message' | 'language'>;

export async function insertContactMessage(db: DbOrTx, values: ContactMessageValues): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('contact message insert returned nothing');
  return row;
}

/** A page of messages, newest first, older than `beforeId` (keyset paging on the id). */
export async function listContactMessages(db: DbOrTx, options: { beforeId?: number; limit: number }): Promise<ContactMessageRow[]> {
  return db
    .select()
    .from(contactMessages)
    .where(options.beforeId ? lt(contactMessages.id, options.beforeId) : undefined)
    .orderBy(desc(contactMessages.id))
    .limit(options.limit);
}

/** How many messages were sent with this e-mail address (any case) since `since`. */
export async function countContactMessagesFrom(db: DbOrTx, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(contactMessages)
    .where(and(gt(contactMessages.createdAt, since), sql`lower(${contactMessages.email}) = lower(${email})`));
  return row?.value ?? 0;
}
