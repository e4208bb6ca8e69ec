import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

/** No name in it: the address may not be verified, so the mail carries nothing the account's owner typed. */
export function passwordResetMail(language: Language, data: { url: string; minutes: number }): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('passwordReset.subject'),
    greeting: t('greetingNoName'),
    paragraphs: [t('passwordReset.body')],
    action: { label: t('passwordReset.action'), url: data.url },
    footnotes: [t('passwordReset.note', { minutes: data.minutes })],
    signature: t('signature'),
  });
}
