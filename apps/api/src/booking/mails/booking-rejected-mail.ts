import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { tripLines, type BookingMailData } from './booking-mail-details.ts';

/** To the customer when the company refuses, with its reason when one was given. */
export function bookingRejectedMail(language: Language, data: BookingMailData, reason: string | null): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('bookingRejected.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('bookingRejected.body'), ...(reason ? [t('bookingRejected.reason', { reason })] : []), ...tripLines(language, data)],
    footnotes: [t('bookingRejected.note')],
    signature: t('signature'),
  });
}
