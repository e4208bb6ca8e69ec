import type { Language } from '@vtc/shared/i18n/languages';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

export type ContactMessageMailData = { firstName: string; lastName: string; email: string; phone: string; message: string };

/** To the company: a message left on the contact form, with what is needed to answer it. */
export function contactMessageMail(language: Language, data: ContactMessageMailData): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const name = `${data.firstName} ${data.lastName}`;
  return renderMail(language, {
    subject: t('contactMessage.subject', { name }),
    greeting: t('greetingNoName'),
    paragraphs: [t('contactMessage.intro', { name }), data.message, t('contactMessage.replyTo', { email: data.email, phone: formatPhone(data.phone) })],
    action: { label: t('contactMessage.action'), url: `mailto:${data.email}` },
    signature: t('contactMessage.signature'),
  });
}
