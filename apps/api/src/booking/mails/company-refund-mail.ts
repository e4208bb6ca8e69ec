import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';

/**
 * The customer's notice of a refund the company gives after the booking (decision 0157): how
 * much, why, how it comes back, and the credit note's number when one was issued.
 */
export function companyRefundMail(
  language: Language,
  data: BookingMailData,
  refund: { amountCents: number; reason: string; creditNote: string | null },
  extras: CustomerMailExtras,
): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const amount = formatEuros(refund.amountCents, language);
  return renderMail(language, {
    subject: t('companyRefund.subject', { id: data.id, amount }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [
      t('companyRefund.body', { id: data.id, amount }),
      t('companyRefund.reason', { reason: refund.reason }),
      t('companyRefund.how'),
      ...(refund.creditNote ? [t('companyRefund.creditNote', { number: refund.creditNote })] : []),
    ],
    details: tripLines(language, data),
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    signature: t('signature'),
    company: extras.company,
  });
}
