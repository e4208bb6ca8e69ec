import { lt, sql } from 'drizzle-orm';
import { passwordResets, refreshTokens, signInLinks } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';

/** Expired refresh tokens, reset and sign-in links are of no use; a day's grace keeps recent ones for support. */
export const purgeExpiredCredentials: JobDefinition = {
  name: 'purge-expired-credentials',
  everySeconds: 24 * 3600,
  async run(_payload, { db, log }) {
    const cutoff = sql`now() - interval '1 day'`;
    const tokens = await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, cutoff)).returning({ id: refreshTokens.id });
    const resets = await db.delete(passwordResets).where(lt(passwordResets.expiresAt, cutoff)).returning({ id: passwordResets.id });
    const links = await db.delete(signInLinks).where(lt(signInLinks.expiresAt, cutoff)).returning({ id: signInLinks.id });
    log.info({ refreshTokens: tokens.length, passwordResets: resets.length, signInLinks: links.length }, 'expired credentials purged');
  },
};
