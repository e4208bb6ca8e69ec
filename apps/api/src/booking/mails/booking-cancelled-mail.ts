import type { Language } from '@vtc/shared/i18n/languages';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { routeText, SIGNATURE, tripLines, type BookingMailData } from './booking-mail-details.ts';

export type CancellationTerms = { free: boolean; depositKept: boolean };

/** To the customer when a booking is cancelled, saying whether the deposit is kept. */
export function bookingCancelledMail(language: Language, data: BookingMailData, terms: CancellationTerms): RenderedMail {
  const t = {
    fr: {
      subject: `Réservation n°${data.id} annulée`,
      greeting: `Bonjour ${data.fullName},`,
      body: 'Votre réservation est annulée.',
      kept: 'L’annulation intervenant moins de 48 heures avant la prise en charge, l’acompte versé est conservé.',
      free: 'L’annulation est gratuite.',
    },
    en: {
      subject: `Booking no. ${data.id} cancelled`,
      greeting: `Hello ${data.fullName},`,
      body: 'Your booking is cancelled.',
      kept: 'As the cancellation comes less than 48 hours before pickup, the deposit paid is kept.',
      free: 'The cancellation is free of charge.',
    },
    ar: {
      subject: `تم إلغاء الحجز رقم ${data.id}`,
      greeting: `مرحبًا ${data.fullName}،`,
      body: 'تم إلغاء حجزك.',
      kept: 'بما أن الإلغاء تم قبل أقل من 48 ساعة من موعد الانطلاق، يتم الاحتفاظ بالعربون المدفوع.',
      free: 'الإلغاء مجاني.',
    },
  }[language];
  return renderMail(language, {
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: [t.body, ...(terms.depositKept ? [t.kept] : terms.free ? [t.free] : []), ...tripLines(language, data)],
    signature: SIGNATURE[language],
  });
}

/** The company's notice (French) of a cancellation. */
export function bookingCancelledCompanyMail(data: BookingMailData, terms: CancellationTerms): RenderedMail {
  return renderMail('fr', {
    subject: `Annulation : réservation n°${data.id} (${routeText(data)})`,
    greeting: 'Bonjour,',
    paragraphs: [
      `La réservation n°${data.id} de ${data.fullName} est annulée${terms.free ? ' (plus de 48 heures avant la prise en charge).' : ' moins de 48 heures avant la prise en charge.'}`,
      ...(terms.depositKept ? ['L’acompte payé est conservé.'] : []),
      ...tripLines('fr', data),
    ],
    signature: SIGNATURE.fr,
  });
}
