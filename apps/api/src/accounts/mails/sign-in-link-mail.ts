import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

/** No name in it, like the password reset: the address may not be verified (decision 0053). */
export function signInLinkMail(language: Language, data: { url: string; minutes: number }): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('signInLink.subject'),
    greeting: t('greetingNoName'),
    paragraphs: [t('signInLink.body')],
    action: { label: t('signInLink.action'), url: data.url },
    footnotes: [t('signInLink.note', { minutes: data.minutes })],
    signature: t('signature'),
  });
}
