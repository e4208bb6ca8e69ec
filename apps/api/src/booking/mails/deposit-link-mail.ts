import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { customerLines, tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';

/** The deposit link sent again by the company (decision 0177): the amount due, the deposit or a difference, and its page. */
export function depositLinkMail(language: Language, data: BookingMailData, url: string, due: { cents: number; difference: boolean }, extras: CustomerMailExtras): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const amount = formatEuros(due.cents, language);
  return renderMail(language, {
    subject: t('depositLink.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t(due.difference ? 'depositLink.difference' : 'depositLink.body', { amount })],
    details: [...tripLines(language, data), ...customerLines(language, data)],
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    action: { label: t('depositLink.action', { amount }), url },
    footnotes: [t('depositLink.note')],
    signature: t('signature'),
    company: extras.company,
  });
}
