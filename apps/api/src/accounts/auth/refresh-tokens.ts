import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { refreshTokens } from '../../platform/db/schema.ts';
import { createOpaqueToken, hashToken } from '../../platform/lib/random-token.ts';

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
  | { ok: false; reason: 'unknown' | 'expired' | 'reused' | 'raced' };

/**
 * Two tabs of one browser may both refresh with the same token a moment apart. The slower one is
 * refused, but within this window its family is not revoked: the faster tab's new token stays good.
 */
export const REUSE_GRACE_MS = 30_000;

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
  if (!known.revokedAt && known.usedAt && Date.now() - known.usedAt.getTime() < REUSE_GRACE_MS) {
    return { ok: false, reason: 'raced' };
  }
  await revokeFamily(db, known.familyId);
  return { ok: false, reason: 'reused' };
}

/** Revokes the session's tokens still live; returns their account, undefined when none was. */
export async function revokeFamily(db: DbOrTx, familyId: string): Promise<number | undefined> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ userId: refreshTokens.userId });
  return revoked[0]?.userId;
}

/** Revokes every session of the user, but the one of `keepFamilyId` when given. */
export async function revokeAllForUser(db: DbOrTx, userId: number, keepFamilyId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}

export async function findRefreshFamily(db: DbOrTx, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)))
    .limit(1);
  return row?.familyId;
}
