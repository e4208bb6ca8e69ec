import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { tripLines, type BookingMailData } from './booking-mail-details.ts';

/** To the customer when the company accepts: the single-use link to pay the deposit. */
export function bookingAcceptedMail(language: Language, data: BookingMailData, checkoutUrl: string): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const deposit = formatEuros(data.depositCents ?? 0, language);
  const balance = formatEuros((data.totalCents ?? 0) - (data.depositCents ?? 0), language);
  return renderMail(language, {
    subject: t('bookingAccepted.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('bookingAccepted.body', { deposit }), ...tripLines(language, data)],
    action: { label: t('bookingAccepted.action'), url: checkoutUrl },
    footnotes: [t('bookingAccepted.note', { balance })],
    signature: t('signature'),
  });
}
