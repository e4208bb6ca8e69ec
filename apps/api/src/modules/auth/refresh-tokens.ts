import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { createOpaqueToken, hashToken } from '../../lib/random-token';

export async function issueRefreshToken(
  db: DbOrTx,
  userId: number,
  ttlDays: number,
  familyId: string = randomUUID(),
): Promise<string> {
  const { token, hash } = createOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + ttlDays * 24 * 3600 * 1000),
  });
  return token;
}

export type RotationResult =
  | { ok: true; userId: number; familyId: string }
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' };

/**
 * Marks a refresh token used, atomically: of two calls with the same token only one succeeds.
 * A token presented after it was used or revoked means it leaked: its whole family is revoked.
 */
export async function consumeRefreshToken(db: DbOrTx, token: string): Promise<RotationResult> {
  const tokenHash = hashToken(token);
  const [claimed] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning();
  if (claimed) {
    if (claimed.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    return { ok: true, userId: claimed.userId, familyId: claimed.familyId };
  }
  const [known] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  if (!known) return { ok: false, reason: 'unknown' };
  await revokeFamily(db, known.familyId);
  return { ok: false, reason: 'reused' };
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
