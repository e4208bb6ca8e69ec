import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
import { hashPassword } from '../../platform/lib/passwords.ts';
import { releaseHeldMail } from './email-verification.ts';
import { revokeAllForUser } from './refresh-tokens.ts';
import { findUserByEmail, insertUser, updateUser } from '../users/users-repository.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@riviera-vtc.local';

export function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Creates the first admin when the installation has none. Returns the credentials to print
 * once, or null when an admin already exists.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string; password?: string },
): Promise<{ email: string; password: string; generated: boolean } | null> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return null;
  const email = options.email ?? DEFAULT_ADMIN_EMAIL;
  const password = options.password ?? generatePassword();
  await upsertAdmin(db, { email, password, fullName: 'Administrateur' });
  return { email, password, generated: !options.password };
}

/** Creates an admin, or makes an existing account admin with this password. */
export async function upsertAdmin(
  db: Db,
  { email, password, fullName }: { email: string; password: string; fullName?: string },
): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.transaction(async (tx) => {
      // The operator chose this address for an admin: it counts as verified, and mail held for it leaves.
      await updateUser(tx, existing.id, { passwordHash, role: 'admin', emailVerifiedAt: existing.emailVerifiedAt ?? new Date() });
      await releaseHeldMail(tx, existing.id, existing.email);
      await revokeAllForUser(tx, existing.id);
    });
    return 'updated';
  }
  await insertUser(db, {
    email,
    passwordHash,
    fullName: fullName ?? 'Administrateur',
    phone: '+33000000000',
    role: 'admin',
    emailVerifiedAt: new Date(),
  });
  return 'created';
}
