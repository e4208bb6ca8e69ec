import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Language } from '@vtc/shared/i18n/languages';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { emailVerifications, mailOutbox, users } from '../../platform/db/schema.ts';
import { badRequest } from '../../platform/lib/app-error.ts';
import { createOpaqueToken, hashToken } from '../../platform/lib/random-token.ts';
import { mailCapsOf } from '../../platform/mail/mail-caps.ts';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { joinInvitedCompany } from '../companies/company-members.ts';
import { emailVerificationMail } from '../mails/email-verification-mail.ts';

/**
 * E-mail verification (decision 0053). A link is 32 random bytes, stored as its SHA-256 hash like
 * the password reset and booking links, bound to the account and to the address it was sent to,
 * single use and expiring. Mail that carries what a customer wrote is written to the outbox as
 * `held` until its recipient's address is verified, then released in the order it was written.
 */

export type VerificationDeps = {
  config: Pick<Config, 'PUBLIC_URL' | 'EMAIL_VERIFICATION_TTL_HOURS' | 'MAIL_CAP_ADDRESS_MAX' | 'MAIL_CAP_ACCOUNT_MAX' | 'MAIL_CAP_WINDOW_MINUTES'>;
};

/**
 * Writes a verification link for the account's current address and queues its mail; past the
 * address's or the account's cap of such mails, throws `MailCapReached` (429) instead.
 */
export async function issueEmailVerification(
  tx: DbOrTx,
  deps: VerificationDeps,
  user: { id: number; email: string; language: Language },
): Promise<void> {
  const { token, hash } = createOpaqueToken();
  const hours = deps.config.EMAIL_VERIFICATION_TTL_HOURS;
  await tx.insert(emailVerifications).values({
    userId: user.id,
    email: user.email,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  const url = `${deps.config.PUBLIC_URL}/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(tx, {
    kind: 'email_verification',
    to: user.email,
    cap: { caps: mailCapsOf(deps.config), accountId: user.id },
    ...emailVerificationMail(user.language, { url, hours }),
  });
}

/**
 * Uses a link: one conditional update, so of two concurrent uses one wins. The link verifies only
 * the address it was sent to: after a change of address an older link is refused.
 */
export async function verifyEmail(tx: DbOrTx, token: string): Promise<{ userId: number; email: string }> {
  const [used] = await tx
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.tokenHash, hashToken(token)),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
  if (!used) throw badRequest('verification_token_invalid');
  const [user] = await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
    .where(and(eq(users.id, used.userId), eq(users.email, used.email)))
    .returning({ id: users.id, email: users.email });
  if (!user) throw badRequest('verification_token_invalid');
  // The account's other links for this address have served their purpose.
  await tx
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
  await releaseHeldMail(tx, user.id, user.email);
  // An invitation to a company account waited for this address to be proved (decision 0134).
  await joinInvitedCompany(tx, user);
  return { userId: user.id, email: user.email };
}

/**
 * Hands the account's held mail to the worker, addressed to the address now verified. The worker
 * takes due mail in id order, so it leaves in the order it was written.
 */
export async function releaseHeldMail(tx: DbOrTx, userId: number, email: string): Promise<void> {
  await tx
    .update(mailOutbox)
    .set({ status: 'pending', toAddress: email, nextAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.recipientUserId, userId), eq(mailOutbox.status, 'held')));
}

/**
 * Queues a mail for an account: sent as usual when its address is verified, held otherwise. The
 * account row is read `FOR SHARE`, so a verification running at the same moment either commits
 * first (the mail goes out now) or waits for this transaction and then releases the held mail.
 */
export async function enqueueAccountMail(tx: DbOrTx, userId: number, mail: Omit<OutgoingMail, 'to'>): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  if (!owner) throw new Error(`no account ${userId} for a customer mail`);
  await enqueueMail(tx, { ...mail, to: owner.email, recipientUserId: userId, held: owner.verifiedAt === null });
}
