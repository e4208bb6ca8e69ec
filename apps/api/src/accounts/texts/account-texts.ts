import { eq, sql } from 'drizzle-orm';
import { toE164 } from '@vtc/shared/phone/phone-number';
import { canReceiveTexts } from '@vtc/shared/phone/text-number';
import type { DbOrTx } from '../../platform/db/client.ts';
import { users } from '../../platform/db/schema.ts';
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
