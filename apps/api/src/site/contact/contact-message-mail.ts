import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';

export type ContactMessageMailData = { firstName: string; lastName: string; email: string; phone: string; message: string };

/** To the company: a message left on the contact form, with what is needed to answer it. */
export function contactMessageMail(language: Language, data: ContactMessageMailData): RenderedMail {
  const name = `${data.firstName} ${data.lastName}`;
  const t = {
    fr: {
      subject: `Nouveau message de contact de ${name}`,
      greeting: 'Bonjour,',
      intro: `${name} a écrit depuis le formulaire de contact du site :`,
      replyTo: `Pour répondre : ${data.email} ou ${data.phone}.`,
      action: 'Répondre par e-mail',
      signature: 'Site Riviera VTC',
    },
    en: {
      subject: `New contact message from ${name}`,
      greeting: 'Hello,',
      intro: `${name} wrote through the website's contact form:`,
      replyTo: `To answer: ${data.email} or ${data.phone}.`,
      action: 'Reply by e-mail',
      signature: 'Riviera VTC website',
    },
    ar: {
      subject: `رسالة تواصل جديدة من ${name}`,
      greeting: 'مرحبًا،',
      intro: `كتب ${name} عبر نموذج التواصل في الموقع:`,
      replyTo: `للرد: ${data.email} أو ${data.phone}.`,
      action: 'الرد عبر البريد الإلكتروني',
      signature: 'موقع Riviera VTC',
    },
  }[language];
  return renderMail(language, {
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: [t.intro, data.message, t.replyTo],
    action: { label: t.action, url: `mailto:${data.email}` },
    signature: t.signature,
  });
}
