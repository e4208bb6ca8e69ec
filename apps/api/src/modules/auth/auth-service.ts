import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LoginBody, PublicUser, RegisterBody } from '@vtc/shared/auth/auth-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets } from '../../db/schema.ts';
import { AppError, badRequest, unauthorized } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { createOpaqueToken, hashToken } from '../../lib/random-token.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { passwordResetMail } from '../../mail/templates/password-reset-mail.ts';
import type { AccessTokens } from './access-tokens.ts';
import { issueEmailVerification, verifyEmail as useVerificationLink } from './email-verification.ts';
import { consumeRefreshToken, issueRefreshToken, revokeAllForUser } from './refresh-tokens.ts';
import { findUserByEmail, findUserById, insertUser, toPublicUser, updateUser } from './users-repository.ts';

export type AuthDeps = { db: Db; config: Config; accessTokens: AccessTokens };
export type Session = { token: string; refreshToken: string; user: PublicUser };

async function startSession(deps: AuthDeps, user: { id: number; role: 'user' | 'admin' } & Parameters<typeof toPublicUser>[0]) {
  const sessionId = randomUUID();
  const [token, refreshToken] = await Promise.all([
    deps.accessTokens.sign({ userId: user.id, role: user.role, sessionId }),
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
    });
    if (!created) throw new AppError(409, 'email_taken', {}, [{ path: 'email', message: 'email_taken' }]);
    // A link to prove the address, not a welcome: nothing the registrant typed is mailed (decision 0053).
    await issueEmailVerification(tx, deps, created);
    return created;
  });
  return startSession(deps, user);
}

export async function login(deps: AuthDeps, body: LoginBody): Promise<Session> {
  const user = await findUserByEmail(deps.db, body.email);
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !valid) throw unauthorized('invalid_credentials');
  return startSession(deps, user);
}

export async function refresh(deps: AuthDeps, refreshToken: string): Promise<{ token: string; refreshToken: string }> {
  const result = await consumeRefreshToken(deps.db, refreshToken);
  if (!result.ok) throw unauthorized('refresh_token_invalid');
  const user = await findUserById(deps.db, result.userId);
  if (!user) throw unauthorized('refresh_token_invalid');
  const [token, next] = await Promise.all([
    deps.accessTokens.sign({ userId: user.id, role: user.role, sessionId: result.familyId }),
    issueRefreshToken(deps.db, user.id, deps.config.REFRESH_TOKEN_TTL_DAYS, result.familyId),
  ]);
  return { token, refreshToken: next };
}

/** Always answers the same way, so the form does not reveal which e-mails have an account. */
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
    await enqueueMail(tx, { kind: 'password_reset', to: user.email, ...mail });
  });
}

export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
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
    await revokeAllForUser(tx, reset.userId);
  });
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
