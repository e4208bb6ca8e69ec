import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The kinds of mail anyone can have sent by asking (decision 0107): a reset link, a sign-in link, a verification
 * link, the contact form's receipt to the address typed in it and the sender's copy. They are
 * capped per recipient address and per account. Business mails (bookings, payments, reminders,
 * the company's copies, chauffeurs' missions) are never capped: nothing a customer does can
 * multiply them past what the business itself writes.
 */
export const CAPPED_MAIL_KINDS: ReadonlySet<string> = new Set([
  'password_reset',
  'sign_in_link',
  'email_verification',
  'contact_receipt',
  'contact_copy',
  // Business accounts (decision 0134): a request's receipt, an invitation, the notice of an account added to a company.
  'company_request_receipt',
  'company_invitation',
  'company_member_added',
]);

export type MailCaps = { addressMax: number; accountMax: number; windowMinutes: number };

export function mailCapsOf(config: Pick<Config, 'MAIL_CAP_ADDRESS_MAX' | 'MAIL_CAP_ACCOUNT_MAX' | 'MAIL_CAP_WINDOW_MINUTES'>): MailCaps {
  return { addressMax: config.MAIL_CAP_ADDRESS_MAX, accountMax: config.MAIL_CAP_ACCOUNT_MAX, windowMinutes: config.MAIL_CAP_WINDOW_MINUTES };
}

/** A capped mail over its cap: the caller decides whether to tell (429) or to stay silent. */
export class MailCapReached extends AppError {
  constructor() {
    super(429, 'mail_limit_reached');
  }
}

// Advisory lock classes (two-key form), one per counter, always taken in this order.
const ADDRESS_LOCK = 1071;
const ACCOUNT_LOCK = 1072;

/**
 * Throws `MailCapReached` when the recipient address, or the account, already has `max` mails of
 * this kind written within the window. Run in the transaction that then inserts the mail: the
 * advisory locks, held until it ends, make every process on the database count one after the
 * other, so two of them cannot both see room for the last mail. The outbox rows themselves are
 * the counter, so the window slides and a rolled-back request counts nothing.
 */
export async function checkMailCap(tx: DbOrTx, mail: { kind: string; to: string; accountId?: number }, caps: MailCaps): Promise<void> {
  const address = mail.to.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}::int, hashtext(${address}))`);
  if (mail.accountId !== undefined) await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}::int, ${mail.accountId}::int)`);
  const since = sql`now() - make_interval(mins => ${caps.windowMinutes}::int)`;
  const result = await tx.execute(sql`
    select
      (select count(*) from mail_outbox
        where lower(to_address) = ${address} and kind = ${mail.kind} and created_at > ${since})::int as by_address,
      (select count(*) from mail_outbox
        where account_id = ${mail.accountId ?? null}::int and kind = ${mail.kind} and created_at > ${since})::int as by_account`);
  const [row] = (result as unknown as { rows: Array<{ by_address: number; by_account: number }> }).rows;
  if (Number(row?.by_address) >= caps.addressMax || Number(row?.by_account) >= caps.accountMax) throw new MailCapReached();
}
