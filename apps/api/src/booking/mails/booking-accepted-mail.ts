import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { customerLines, termsLines, tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';

/** To the customer when the company accepts: the single-use link to pay the deposit. */
export function bookingAcceptedMail(language: Language, data: BookingMailData, checkoutUrl: string, extras: CustomerMailExtras): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const deposit = formatEuros(data.depositCents ?? 0, language);
  const balance = formatEuros((data.totalCents ?? 0) - (data.depositCents ?? 0), language);
  return renderMail(language, {
    subject: t('bookingAccepted.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('bookingAccepted.body', { deposit })],
    details: [...tripLines(language, data), ...customerLines(language, data), ...termsLines(language, extras.terms)],
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    action: { label: t('bookingAccepted.action'), url: checkoutUrl },
    footnotes: [t('bookingAccepted.note', { balance })],
    signature: t('signature'),
    company: extras.company,
  });
}
