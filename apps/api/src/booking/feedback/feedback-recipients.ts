import type { Language } from '@vtc/shared/i18n/languages';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { mailCompany } from '../../platform/mail/layout.ts';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { enqueueAccountMail } from '../../accounts/auth/email-verification.ts';
import { accountOf, type BookingWithStops } from '../bookings-repository.ts';
import { parisDateTime, routeText } from '../mails/booking-mail-details.ts';
import { mailData } from '../mails/booking-mails.ts';
import { queueCustomerText, type TextDeps } from '../mails/booking-texts.ts';
import type { TextTemplate } from '../../platform/texts/whatsapp-templates.ts';
import type { FeedbackMailFacts } from './feedback-mail.ts';

/**
 * Who is asked for a rating and who reads the company's answer (decision 0146): the one who rode.
 * A booking made for a guest (decision 0141) asks the guest, in the guest's language, at the
 * e-mail the booker gave for them, and never by text (the guest agreed to none); a guest without
 * e-mail is not asked. Any other booking asks its account, as every customer mail (held until the
 * address is verified), and texts it too when the account agreed to texts.
 */
export type FeedbackRecipient = { language: Language; facts: FeedbackMailFacts; guestEmail: string | null; isGuest: boolean };

export type FeedbackMailConfig = Pick<Config, 'PUBLIC_URL' | 'COMPANY_EMAIL' | 'COMPANY_LEGAL_NAME' | 'COMPANY_PHONE' | 'COMPANY_WHATSAPP'>;

export async function feedbackRecipient(tx: DbOrTx, config: FeedbackMailConfig, booking: BookingWithStops): Promise<FeedbackRecipient | null> {
  const passenger = booking.passenger;
  if (passenger && !passenger.email) return null;
  const language = passenger?.language ?? booking.language;
  const { data } = await mailData(tx, booking, language);
  return {
    language,
    isGuest: Boolean(passenger),
    guestEmail: passenger?.email ?? null,
    facts: {
      id: booking.id,
      fullName: passenger?.fullName ?? data.fullName,
      time: parisDateTime(booking.pickupAt, language),
      route: routeText(data, language),
      company: mailCompany(config),
    },
  };
}

/** Queues a feedback mail to its recipient (see feedbackRecipient). */
export async function queueFeedbackMail(
  tx: DbOrTx,
  booking: BookingWithStops,
  recipient: FeedbackRecipient,
  mail: Omit<OutgoingMail, 'to' | 'bookingId'>,
): Promise<void> {
  if (recipient.guestEmail !== null) await enqueueMail(tx, { ...mail, bookingId: booking.id, to: recipient.guestEmail });
  else await enqueueAccountMail(tx, accountOf(booking), { ...mail, bookingId: booking.id });
}

/** Texts the account (never a guest), when it agreed to texts. */
export async function queueFeedbackText(
  tx: DbOrTx,
  deps: TextDeps,
  booking: BookingWithStops,
  recipient: FeedbackRecipient,
  text: { kind: string; body: string; template: TextTemplate; dedupeKey: string },
): Promise<void> {
  if (recipient.isGuest) return;
  await queueCustomerText(tx, deps, booking, text);
}
