import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';

export function welcomeMail(language: Language, data: { fullName: string; url: string }): RenderedMail {
  const t = {
    fr: {
      subject: 'Bienvenue chez Riviera VTC',
      greeting: `Bonjour ${data.fullName},`,
      body: 'Votre compte est créé. Vous pouvez réserver vos transferts et mises à disposition sur la Côte d’Azur à tout moment, 24 h/24 et 7 j/7.',
      action: 'Réserver un trajet',
      signature: "L'équipe Riviera VTC",
    },
    en: {
      subject: 'Welcome to Riviera VTC',
      greeting: `Hello ${data.fullName},`,
      body: 'Your account is ready. Book transfers and chauffeur hire on the French Riviera at any time, 24/7.',
      action: 'Book a ride',
      signature: 'The Riviera VTC team',
    },
    ar: {
      subject: 'مرحبًا بك في Riviera VTC',
      greeting: `مرحبًا ${data.fullName}،`,
      body: 'تم إنشاء حسابك. يمكنك حجز رحلات النقل والسائق الخاص على الريفييرا الفرنسية في أي وقت، على مدار الساعة طوال أيام الأسبوع.',
      action: 'احجز رحلة',
      signature: 'فريق Riviera VTC',
    },
  }[language];
  return renderMail(language, {
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: [t.body],
    action: { label: t.action, url: data.url },
    signature: t.signature,
  });
}
