import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { SIGNATURE, tripLines, type BookingMailData } from './booking-mail-details.ts';

/** To the customer when step three is confirmed; the .ics of the trip is attached by the caller. */
export function bookingReceivedMail(language: Language, data: BookingMailData): RenderedMail {
  const t = {
    fr: {
      subject: `Votre demande de réservation n°${data.id} est bien reçue`,
      greeting: `Bonjour ${data.fullName},`,
      body: 'Merci ! Nous avons bien reçu votre demande de réservation. Notre équipe la confirme au plus vite ; vous recevrez alors un lien pour régler l’acompte de 20 %.',
      note: 'Le fichier joint ajoute le trajet à votre agenda.',
    },
    en: {
      subject: `We have received your booking request no. ${data.id}`,
      greeting: `Hello ${data.fullName},`,
      body: 'Thank you! We have received your booking request. Our team will confirm it shortly; you will then receive a link to pay the 20% deposit.',
      note: 'The attached file adds the ride to your calendar.',
    },
    ar: {
      subject: `تم استلام طلب الحجز رقم ${data.id}`,
      greeting: `مرحبًا ${data.fullName}،`,
      body: 'شكرًا لك! لقد استلمنا طلب الحجز الخاص بك. سيؤكده فريقنا في أقرب وقت، وستتلقى بعد ذلك رابطًا لدفع عربون بنسبة 20٪.',
      note: 'يضيف الملف المرفق الرحلة إلى تقويمك.',
    },
  }[language];
  return renderMail(language, {
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: [t.body, ...tripLines(language, data)],
    footnotes: [t.note],
    signature: SIGNATURE[language],
  });
}
