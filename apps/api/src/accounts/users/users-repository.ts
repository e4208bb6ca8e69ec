import { asc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import type { PublicUser } from '@vtc/shared/auth/auth-schemas';

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toPublicUser(user: UserRow): PublicUser {
  return { id: user.id, email: user.email, full_name: user.fullName, phone: user.phone, role: user.role, email_verified: user.emailVerifiedAt !== null };
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    email: string;
    passwordHash: string;
    fullName: string;
    phone: string;
    role?: 'user' | 'admin';
    language?: 'fr' | 'en' | 'ar';
    emailVerifiedAt?: Date;
    termsVersion?: string;
    termsAcceptedAt?: Date;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<UserRow, 'email' | 'fullName' | 'phone' | 'passwordHash' | 'role' | 'language' | 'emailVerifiedAt'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, ...(values.email && { email: normalizeEmail(values.email) }), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** A page of users in id order, after `afterId` (keyset paging). */
export async function listUsers(db: DbOrTx, options: { afterId?: number; limit: number }): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(options.afterId ? gt(users.id, options.afterId) : undefined)
    .orderBy(asc(users.id))
    .limit(options.limit);
}
