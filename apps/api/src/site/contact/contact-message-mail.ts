import type { Language } from '@vtc/shared/i18n/languages';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { leftToRight, renderMail, type MailCompany, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

export type ContactMessageMailData = { firstName: string; lastName: string; email: string; phone: string; message: string };

/** To the company: a message left on the contact form, with what is needed to answer it (and Reply-To the sender). */
export function contactMessageMail(language: Language, data: ContactMessageMailData): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const name = `${data.firstName} ${data.lastName}`;
  return renderMail(language, {
    subject: t('contactMessage.subject', { name }),
    greeting: t('greetingNoName'),
    paragraphs: [
      t('contactMessage.intro', { name }),
      data.message,
      t('contactMessage.replyTo', { email: leftToRight(language, data.email), phone: leftToRight(language, formatPhone(data.phone)) }),
    ],
    action: { label: t('contactMessage.action'), url: `mailto:${data.email}` },
    signature: t('contactMessage.signature'),
  });
}

/**
 * To a signed-in sender whose address is verified, at that address: a copy of their own words
 * (decision 0076). Never to the address typed in the form.
 */
export function contactCopyMail(language: Language, data: ContactMessageMailData, company: MailCompany): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('contactCopy.subject'),
    greeting: t('greetingNoName'),
    paragraphs: [t('contactCopy.body')],
    details: [data.message],
    signature: t('contactCopy.signature'),
    company,
  });
}

/**
 * To the address typed in the form when no verified account sent it: a receipt written entirely
 * by us, with nothing the sender typed (no name, no message), at most one per address and day
 * (decision 0076).
 */
export function contactReceiptMail(language: Language, company: MailCompany): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('contactReceipt.subject'),
    greeting: t('greetingNoName'),
    paragraphs: [t('contactReceipt.body')],
    footnotes: [t('contactReceipt.note')],
    signature: t('contactCopy.signature'),
    company,
  });
}
