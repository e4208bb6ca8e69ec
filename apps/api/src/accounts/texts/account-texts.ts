import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { toE164 } from '@vtc/shared/phone/phone-number';
import { canReceiveTexts } from '@vtc/shared/phone/text-number';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { mailOutbox, textOptOuts, users } from '../../platform/db/schema.ts';
import { fieldError } from '../../platform/lib/app-error.ts';
import { enqueueText, type OutgoingText } from '../../platform/mail/outbox.ts';

/**
 * A customer's texts (decision 0130): only to a number they gave, with their consent, which the
 * profile remembers (`users.sms_consent_at`). Step three and the profile ask; each text is queued
 * in the outbox beside the booking's mail.
 */

/**
 * Refuses (400, on `smsConsent`) a consent given with a number that cannot receive texts, a fixed
 * line say, before anything is written.
 */
export function assertTextConsentNumber(consent: boolean | undefined, phone: string): void {
  if (consent === true && !canReceiveTexts(phone)) throw fieldError('smsConsent', 'sms_phone_cannot_receive');
}

/**
 * Records the owner's answer: agreeing keeps the first instant they agreed; refusing clears it, so
 * no further text is queued for them. `undefined` leaves the choice as it was.
 */
export async function recordTextConsent(tx: DbOrTx, userId: number, consent: boolean | undefined): Promise<void> {
  if (consent === undefined) return;
  await tx
    .update(users)
    .set({ smsConsentAt: consent ? sql`coalesce(${users.smsConsentAt}, now())` : null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/**
 * Queues a text to a customer, in the caller's transaction, when the account agreed to texts: to
 * `phone` (the number given for the booking) or else the profile's, if it can receive texts.
 * Resolves with whether a text was queued.
 */
export async function enqueueAccountText(
  tx: DbOrTx,
  userId: number,
  text: Omit<OutgoingText, 'to' | 'recipientUserId'> & { phone: string | null },
): Promise<boolean> {
  const [owner] = await tx
    .select({ phone: users.phone, consentAt: users.smsConsentAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!owner || owner.consentAt === null || owner.deletedAt !== null) return false;
  const { phone, ...rest } = text;
  const number = toE164(phone ?? owner.phone);
  if (!number || !canReceiveTexts(number)) return false;
  await enqueueText(tx, { ...rest, to: number, recipientUserId: userId });
  return true;
}

/** A STOP or START a number sent (decision 0149), as the provider's webhook told it. */
export type TextOptOut = { phone: string; channel: 'sms' | 'whatsapp'; action: 'stop' | 'start'; keyword: string; providerMessageId: string | null };

/**
 * Records a STOP or START from a number, once per provider message (a webhook posted again changes
 * nothing more). STOP clears the consent to texts of every account with that number (its profile's,
 * or the number its texts went to) and cancels the texts to it not yet sent (`skipped`,
 * `opted_out`); START is recorded and gives no consent back: that is given on the site. Resolves
 * with what changed, null when this message was already recorded.
 */
export async function recordTextOptOut(db: Db, event: TextOptOut): Promise<{ accountsCleared: number; textsCancelled: number } | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(textOptOuts)
      .values(event)
      .onConflictDoNothing({ target: textOptOuts.providerMessageId })
      .returning({ id: textOptOuts.id });
    if (!row) return null;
    if (event.action !== 'stop') return { accountsCleared: 0, textsCancelled: 0 };
    const textedThere = tx
      .selectDistinct({ id: mailOutbox.recipientUserId })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, event.phone), ne(mailOutbox.channel, 'email'), isNotNull(mailOutbox.recipientUserId)));
    const cleared = await tx
      .update(users)
      .set({ smsConsentAt: null, updatedAt: sql`now()` })
      .where(and(isNotNull(users.smsConsentAt), or(eq(users.phone, event.phone), inArray(users.id, textedThere))))
      .returning({ id: users.id });
    const cancelled = await tx
      .update(mailOutbox)
      .set({ status: 'skipped', skipReason: 'opted_out', lockedUntil: null })
      .where(and(eq(mailOutbox.toAddress, event.phone), ne(mailOutbox.channel, 'email'), inArray(mailOutbox.status, ['pending', 'held'])))
      .returning({ id: mailOutbox.id });
    const outcome = { accountsCleared: cleared.length, textsCancelled: cancelled.length };
    await tx.update(textOptOuts).set(outcome).where(eq(textOptOuts.id, row.id));
    return outcome;
  });
}
