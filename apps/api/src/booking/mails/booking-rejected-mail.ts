import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { SIGNATURE, tripLines, type BookingMailData } from './booking-mail-details.ts';

/** To the customer when the company refuses, with its reason when one was given. */
export function bookingRejectedMail(language: Language, data: BookingMailData, reason: string | null): RenderedMail {
  const t = {
    fr: {
      subject: `Votre demande de réservation n°${data.id} n’a pas pu être acceptée`,
      greeting: `Bonjour ${data.fullName},`,
      body: 'Nous sommes désolés : nous ne pouvons pas assurer ce trajet. Aucun paiement ne vous a été demandé.',
      reason: `Motif : ${reason}`,
      note: 'N’hésitez pas à nous contacter pour trouver une autre solution.',
    },
    en: {
      subject: `Your booking request no. ${data.id} could not be accepted`,
      greeting: `Hello ${data.fullName},`,
      body: 'We are sorry: we cannot provide this ride. No payment has been taken.',
      reason: `Reason: ${reason}`,
      note: 'Feel free to contact us to find another solution.',
    },
    ar: {
      subject: `تعذر قبول طلب الحجز رقم ${data.id}`,
      greeting: `مرحبًا ${data.fullName}،`,
      body: 'نأسف، لا يمكننا تأمين هذه الرحلة. لم يتم تحصيل أي مبلغ منك.',
      reason: `السبب: ${reason}`,
      note: 'لا تتردد في التواصل معنا لإيجاد حل آخر.',
    },
  }[language];
  return renderMail(language, {
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: [t.body, ...(reason ? [t.reason] : []), ...tripLines(language, data)],
    footnotes: [t.note],
    signature: SIGNATURE[language],
  });
}
