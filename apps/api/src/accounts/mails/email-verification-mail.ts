import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

/**
 * The only mail an unverified address receives. It carries nothing the account's owner typed (no
 * name, no booking text), so nobody can use it to send their own words to a stranger (decision 0053).
 */
export function emailVerificationMail(language: Language, data: { url: string; hours: number }): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('emailVerification.subject'),
    greeting: t('greetingNoName'),
    paragraphs: [t('emailVerification.body')],
    action: { label: t('emailVerification.action'), url: data.url },
    footnotes: [t('emailVerification.note', { hours: data.hours })],
    signature: t('signature'),
  });
}
