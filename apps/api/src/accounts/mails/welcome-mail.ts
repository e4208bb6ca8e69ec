import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';

export function welcomeMail(language: Language, data: { fullName: string; url: string }): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('welcome.subject'),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t('welcome.body')],
    action: { label: t('welcome.action'), url: data.url },
    signature: t('signature'),
  });
}
