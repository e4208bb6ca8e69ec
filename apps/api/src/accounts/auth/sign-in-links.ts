import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Language } from '@vtc/shared/i18n/languages';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { signInLinks } from '../../platform/db/schema.ts';
import { createOpaqueToken, hashToken } from '../../platform/lib/random-token.ts';
import { mailCapsOf } from '../../platform/mail/mail-caps.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { signInLinkMail } from '../mails/sign-in-link-mail.ts';

/**
 * One-time sign-in links (decision 0106): whoever reads the account's mail gets in without the
 * password, even while wrong guesses keep the account locked. 32 random bytes stored as their
 * SHA-256 hash like the reset and verification links, single use, expiring after
 * SIGN_IN_LINK_TTL_MINUTES. Expiry is judged on the API's clock, which is what issued it.
 */

type LinkDeps = { config: Pick<Config, 'PUBLIC_URL' | 'SIGN_IN_LINK_TTL_MINUTES' | 'MAIL_CAP_ADDRESS_MAX' | 'MAIL_CAP_ACCOUNT_MAX' | 'MAIL_CAP_WINDOW_MINUTES'> };

/** Writes a link for the account and queues its mail to the account's address. */
export async function issueSignInLink(tx: DbOrTx, deps: LinkDeps, user: { id: number; email: string }, language: Language): Promise<void> {
  const { token, hash } = createOpaqueToken();
  const minutes = deps.config.SIGN_IN_LINK_TTL_MINUTES;
  await tx.insert(signInLinks).values({ userId: user.id, tokenHash: hash, expiresAt: new Date(Date.now() + minutes * 60_000) });
  const url = `${deps.config.PUBLIC_URL}/auth/sign-in-link?token=${encodeURIComponent(token)}`;
  const cap = { caps: mailCapsOf(deps.config), accountId: user.id };
  await enqueueMail(tx, { kind: 'sign_in_link', to: user.email, cap, ...signInLinkMail(language, { url, minutes }) });
}

/** Uses a link: one conditional update, so of two concurrent uses one wins. The account's id, or undefined. */
export async function useSignInLink(tx: DbOrTx, token: string): Promise<number | undefined> {
  const [used] = await tx
    .update(signInLinks)
    .set({ usedAt: new Date() })
    .where(and(eq(signInLinks.tokenHash, hashToken(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, new Date())))
    .returning({ userId: signInLinks.userId });
  return used?.userId;
}
