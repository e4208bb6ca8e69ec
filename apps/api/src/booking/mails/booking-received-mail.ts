import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { customerLines, termsLines, tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';

/** To the customer when step three is confirmed; the .ics of the trip is attached by the caller. */
export function bookingReceivedMail(language: Language, data: BookingMailData, extras: CustomerMailExtras): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('bookingReceived.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    // Cash is paid on board (decision 0117): no deposit link will come.
    paragraphs: [t(data.paymentMethod === 'cash' ? 'tripEnd.receivedCash' : 'bookingReceived.body')],
    details: [...tripLines(language, data), ...customerLines(language, data), ...termsLines(language, extras.terms)],
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    footnotes: [t('bookingReceived.note')],
    signature: t('signature'),
    company: extras.company,
  });
}
