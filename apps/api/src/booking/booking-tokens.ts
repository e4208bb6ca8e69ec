import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db/client.ts';
import { bookingTokens } from '../platform/db/schema.ts';
import { createOpaqueToken, hashToken } from '../platform/lib/random-token.ts';

/**
 * Single-use links sent by e-mail (decision 0022): 'decision' (the company's accept and reject
 * links share one token) and 'checkout' (the customer's deposit link). The token is 32 random
 * bytes; only its SHA-256 hash is stored, bound to one booking and one purpose.
 */
export type TokenPurpose = 'decision' | 'checkout';

export const DECISION_TOKEN_DAYS = 7;

export async function issueBookingToken(tx: DbOrTx, bookingId: number, purpose: TokenPurpose, expiresAt: Date): Promise<string> {
  const { token, hash } = createOpaqueToken();
  await tx.insert(bookingTokens).values({ bookingId, purpose, tokenHash: hash, expiresAt });
  return token;
}

const usable = (bookingId: number, purpose: TokenPurpose, token: string) =>
  and(
    eq(bookingTokens.tokenHash, hashToken(token)),
    eq(bookingTokens.bookingId, bookingId),
    eq(bookingTokens.purpose, purpose),
    isNull(bookingTokens.usedAt),
    gt(bookingTokens.expiresAt, sql`now()`),
  );

/** Whether the token is this booking's unused, unexpired token of this purpose. */
export async function isBookingTokenValid(db: DbOrTx, bookingId: number, purpose: TokenPurpose, token: string): Promise<boolean> {
  const [row] = await db.select({ id: bookingTokens.id }).from(bookingTokens).where(usable(bookingId, purpose, token)).limit(1);
  return Boolean(row);
}

/** Uses the token up: one conditional update, so of two concurrent uses only one succeeds. */
export async function consumeBookingToken(tx: DbOrTx, bookingId: number, purpose: TokenPurpose, token: string): Promise<boolean> {
  const rows = await tx.update(bookingTokens).set({ usedAt: sql`now()` }).where(usable(bookingId, purpose, token)).returning({ id: bookingTokens.id });
  return rows.length === 1;
}

/** Retires every unused token of this purpose, so links already sent stop working. */
export async function retireBookingTokens(tx: DbOrTx, bookingId: number, purpose?: TokenPurpose): Promise<void> {
  await tx
    .update(bookingTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(bookingTokens.bookingId, bookingId), purpose ? eq(bookingTokens.purpose, purpose) : undefined, isNull(bookingTokens.usedAt)));
}
