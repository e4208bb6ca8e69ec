import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../layout.ts';

/**
 * The only mail an unverified address receives. It carries nothing the account's owner typed (no
 * name, no booking text), so nobody can use it to send their own words to a stranger (decision 0053).
 */
export function emailVerificationMail(language: Language, data: { url: string; hours: number }): RenderedMail {
  const t = {
    fr: {
      subject: 'Confirmez votre adresse e-mail',
      greeting: 'Bonjour,',
      body: 'Un compte Riviera VTC vient d’être créé avec cette adresse. Confirmez-la d’un clic pour recevoir vos confirmations de réservation.',
      action: 'Confirmer mon adresse',
      note: `Ce lien ne sert qu’une fois et expire dans ${data.hours} heures. Si vous n’avez rien demandé, ignorez ce message : aucun autre e-mail ne vous sera envoyé.`,
      signature: "L'équipe Riviera VTC",
    },
    en: {
      subject: 'Confirm your e-mail address',
      greeting: 'Hello,',
      body: 'A Riviera VTC account was just created with this address. Confirm it in one click to receive your booking confirmations.',
      action: 'Confirm my address',
      note: `This link works once and expires in ${data.hours} hours. If you did not ask for anything, ignore this message: no other mail will be sent to you.`,
      signature: 'The Riviera VTC team',
    },
    ar: {
      subject: 'أكّد عنوان بريدك الإلكتروني',
      greeting: 'مرحبًا،',
      body: 'تم إنشاء حساب في Riviera VTC بهذا العنوان. أكّده بنقرة واحدة لتصلك تأكيدات حجوزاتك.',
      action: 'تأكيد عنواني',
      note: `يعمل هذا الرابط مرة واحدة وتنتهي صلاحيته خلال ${data.hours} ساعة. إذا لم تطلب شيئًا، تجاهل هذه الرسالة: لن تصلك أي رسالة أخرى.`,
      signature: 'فريق Riviera VTC',
    },
  }[language];
  return renderMail(language, {
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: [t.body],
    action: { label: t.action, url: data.url },
    footnotes: [t.note],
    signature: t.signature,
  });
}
