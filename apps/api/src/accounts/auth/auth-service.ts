import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { TERMS_VERSION, type LoginBody, type PublicUser, type RegisterBody } from '@vtc/shared/auth/auth-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { passwordResets } from '../../platform/db/schema.ts';
import { AppError, badRequest, unauthorized } from '../../platform/lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/lib/passwords.ts';
import { createOpaqueToken, hashToken } from '../../platform/lib/random-token.ts';
import { MailCapReached, mailCapsOf } from '../../platform/mail/mail-caps.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { passwordResetMail } from '../mails/password-reset-mail.ts';
import type { AccessClaims, AccessTokens } from '../../platform/http/access-tokens.ts';
import type { RateLimitCounters } from '../../platform/http/rate-limit-store.ts';
import { issueEmailVerification, verifyEmail as useVerificationLink } from './email-verification.ts';
import { consumeRefreshToken, findRefreshFamily, issueRefreshToken, revokeAllForUser, revokeFamily } from './refresh-tokens.ts';
import { issueSignInLink, useSignInLink } from './sign-in-links.ts';
import {
  bumpTokenVersion,
  findUserByEmail,
  findUserById,
  insertUser,
  normalizeEmail,
  toPublicUser,
  updateUser,
  type UserRow,
} from '../users/users-repository.ts';

export type AuthDeps = { db: Db; config: Config; accessTokens: AccessTokens; rateLimits: RateLimitCounters };
export type Session = { token: string; refreshToken: string; user: PublicUser };

async function startSession(deps: AuthDeps, user: UserRow): Promise<Session> {
  const sessionId = randomUUID();
  const [token, refreshToken] = await Promise.all([
    deps.accessTokens.sign({ userId: user.id, role: user.role, sessionId, tokenVersion: user.tokenVersion }),
    issueRefreshToken(deps.db, user.id, deps.config.REFRESH_TOKEN_TTL_DAYS, sessionId),
  ]);
  return { token, refreshToken, user: toPublicUser(user) };
}

export async function register(deps: AuthDeps, body: RegisterBody, language: Language): Promise<Session> {
  const passwordHash = await hashPassword(body.password);
  const user = await deps.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      email: body.email,
      passwordHash,
      fullName: body.fullName,
      phone: body.phone,
      language,
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: new Date(),
    });
    if (!created) throw new AppError(409, 'email_taken', {}, [{ path: 'email', message: 'email_taken' }]);
    // A link to prove the address, not a welcome: nothing the registrant typed is mailed (decision 0053).
    await issueEmailVerification(tx, deps, created);
    return created;
  });
  return startSession(deps, user);
}

const accountKey = (email: string) => `sign-in:${normalizeEmail(email)}`;

/** A locked account stays locked this many times its first lock at most, however hard it is tried. */
const LOCK_CAP_FACTOR = 4;

/**
 * Every attempt on an account counts, from whichever address, before the password is checked:
 * past the limit the answer is 429 without checking it, and each further attempt doubles the
 * lock (up to a cap). Signing in, with the password or a mailed link, or resetting the password
 * clears the count. The lock guards the password alone: a session already open refreshes as
 * usual, and the mailed links work during it (decision 0106).
 */
async function countSignInAttempt(deps: AuthDeps, email: string): Promise<void> {
  const lockMs = deps.config.AUTH_ACCOUNT_LOCK_MINUTES * 60_000;
  const attempt = await deps.rateLimits.hit(accountKey(email), lockMs, deps.config.AUTH_ACCOUNT_MAX_ATTEMPTS, {
    exponentialBackoff: true,
    capMs: lockMs * LOCK_CAP_FACTOR,
  });
  if (attempt.current > deps.config.AUTH_ACCOUNT_MAX_ATTEMPTS) {
    const seconds = Math.max(1, Math.ceil(attempt.ttl / 1000));
    throw new AppError(429, 'account_locked', { minutes: Math.ceil(seconds / 60), retryAfter: seconds });
  }
}

export async function login(deps: AuthDeps, body: LoginBody): Promise<Session> {
  await countSignInAttempt(deps, body.email);
  const user = await findUserByEmail(deps.db, body.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !valid) throw unauthorized('invalid_credentials');
  await deps.rateLimits.reset(accountKey(body.email));
  return startSession(deps, user);
}

/**
 * Ends the session of the refresh token (its whole family), and the access token's when given.
 * The account's token version goes up, so no access token issued before works any more; the
 * account's other sessions get a new one through their own refresh token (decision 0106).
 */
export async function logout(deps: AuthDeps, refreshToken: string | undefined, access: AccessClaims | undefined): Promise<void> {
  const family = refreshToken ? await findRefreshFamily(deps.db, refreshToken) : undefined;
  await deps.db.transaction(async (tx) => {
    const ended = new Set<number>();
    const owner = family ? await revokeFamily(tx, family) : undefined;
    if (owner !== undefined) ended.add(owner);
    if (access) {
      if (access.sessionId && access.sessionId !== family) await revokeFamily(tx, access.sessionId);
      ended.add(access.userId);
    }
    for (const userId of ended) await bumpTokenVersion(tx, userId);
  });
}

export async function refresh(deps: AuthDeps, refreshToken: string): Promise<{ token: string; refreshToken: string }> {
  const result = await consumeRefreshToken(deps.db, refreshToken);
  // `reason` tells the route whether another tab just rotated this token (`raced`).
  if (!result.ok) throw new AppError(401, 'refresh_token_invalid', { reason: result.reason });
  const user = await findUserById(deps.db, result.userId);
  if (!user) throw unauthorized('refresh_token_invalid');
  const [token, next] = await Promise.all([
    deps.accessTokens.sign({ userId: user.id, role: user.role, sessionId: result.familyId, tokenVersion: user.tokenVersion }),
    issueRefreshToken(deps.db, user.id, deps.config.REFRESH_TOKEN_TTL_DAYS, result.familyId),
  ]);
  return { token, refreshToken: next };
}

/**
 * Always answers the same way, so the form does not reveal which e-mails have an account; past
 * the cap of reset mails (decision 0107) nothing is written and the answer stays the same.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string, language: Language): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const { token, hash } = createOpaqueToken();
  const minutes = deps.config.PASSWORD_RESET_TTL_MINUTES;
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
    const url = `${deps.config.PUBLIC_URL}/auth/reset-password?token=${encodeURIComponent(token)}`;
    const mail = passwordResetMail(language, { url, minutes });
    await enqueueMail(tx, { kind: 'password_reset', to: user.email, cap: { caps: mailCapsOf(deps.config), accountId: user.id }, ...mail });
  }).catch((error: unknown) => {
    if (!(error instanceof MailCapReached)) throw error;
  });
}

/**
 * Sets the new password. Every session ends, refresh and access tokens alike, and the lock an
 * attacker caused is lifted. The owner, who has just proved they read the account's mail, gets a
 * new session at once (decision 0179), as a sign-in link would give.
 */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<Session> {
  const passwordHash = await hashPassword(password);
  const user = await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning();
    if (!reset) throw badRequest('reset_token_invalid');
    await updateUser(tx, reset.userId, { passwordHash });
    // A reset password ends every session opened with the old one.
    await bumpTokenVersion(tx, reset.userId);
    await revokeAllForUser(tx, reset.userId);
    return findUserById(tx, reset.userId);
  });
  if (!user || user.deletedAt) throw badRequest('reset_token_invalid');
  // The owner proved they read the account's mail: a lock an attacker caused ends here.
  await deps.rateLimits.reset(accountKey(user.email));
  return startSession(deps, user);
}

/** Mails a one-time sign-in link; always answers the same way, like the reset form. */
export async function requestSignInLink(deps: AuthDeps, email: string, language: Language): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.deletedAt) return;
  // Past the mail cap (decision 0107) nothing is written and the answer stays the same.
  await deps.db.transaction(async (tx) => issueSignInLink(tx, deps, user, language)).catch((error: unknown) => {
    if (!(error instanceof MailCapReached)) throw error;
  });
}

/** Trades a mailed link for a session, as a sign-in does, whether or not the account is locked. */
export async function signInWithLink(deps: AuthDeps, token: string): Promise<Session> {
  const user = await deps.db.transaction(async (tx) => {
    const userId = await useSignInLink(tx, token);
    return userId === undefined ? undefined : findUserById(tx, userId);
  });
  if (!user || user.deletedAt) throw badRequest('sign_in_link_invalid');
  await deps.rateLimits.reset(accountKey(user.email));
  return startSession(deps, user);
}

export async function verifyEmail(deps: AuthDeps, token: string): Promise<{ email: string }> {
  return deps.db.transaction(async (tx) => useVerificationLink(tx, token));
}

/** A new verification link for the signed-in account, unless its address is verified already. */
export async function resendVerification(deps: AuthDeps, userId: number): Promise<{ verified: boolean }> {
  return deps.db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw unauthorized();
    if (user.emailVerifiedAt) return { verified: true };
    await issueEmailVerification(tx, deps, user);
    return { verified: false };
  });
}
