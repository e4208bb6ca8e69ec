import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../layout.ts';

/** No name in it: the address may not be verified, so the mail carries nothing the account's owner typed. */
export function passwordResetMail(language: Language, data: { url: string; minutes: number }): RenderedMail {
  const t = {
    fr: {
      subject: 'Réinitialisation de votre mot de passe',
      greeting: 'Bonjour,',
      body: 'Vous avez demandé à réinitialiser votre mot de passe Riviera VTC. Cliquez sur le lien ci-dessous pour en choisir un nouveau.',
      action: 'Choisir un nouveau mot de passe',
      note: `Ce lien ne peut servir qu'une fois et expire dans ${data.minutes} minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
      signature: "L'équipe Riviera VTC",
    },
    en: {
      subject: 'Reset your password',
      greeting: 'Hello,',
      body: 'You asked to reset your Riviera VTC password. Follow the link below to choose a new one.',
      action: 'Choose a new password',
      note: `This link works once and expires in ${data.minutes} minutes. If you did not ask for it, ignore this message.`,
      signature: 'The Riviera VTC team',
    },
    ar: {
      subject: 'إعادة تعيين كلمة المرور',
      greeting: 'مرحبًا،',
      body: 'لقد طلبت إعادة تعيين كلمة مرور حسابك في Riviera VTC. اتبع الرابط أدناه لاختيار كلمة مرور جديدة.',
      action: 'اختيار كلمة مرور جديدة',
      note: `يمكن استخدام هذا الرابط مرة واحدة فقط وتنتهي صلاحيته خلال ${data.minutes} دقيقة. إذا لم تطلب ذلك، تجاهل هذه الرسالة.`,
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
