import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../layout';
import { routeText, SIGNATURE, tripLines, type BookingMailData } from './booking-mail-details';

/** The customer's receipt for the card deposit. */
export function depositPaidMail(language: Language, data: BookingMailData, paidCents: number): RenderedMail {
  const paid = formatEuros(paidCents, language);
  const balance = formatEuros(Math.max(0, (data.totalCents ?? 0) - paidCents), language);
  const t = {
    fr: {
      subject: `Acompte reçu : réservation n°${data.id}`,
      greeting: `Bonjour ${data.fullName},`,
      body: `Nous avons bien reçu votre acompte de ${paid}. Votre trajet est réservé.`,
      note: `Reste à régler au chauffeur : ${balance}. Annulation gratuite jusqu’à 48 heures avant la prise en charge ; au-delà, l’acompte est conservé.`,
    },
    en: {
      subject: `Deposit received: booking no. ${data.id}`,
      greeting: `Hello ${data.fullName},`,
      body: `We have received your ${paid} deposit. Your ride is booked.`,
      note: `Balance to pay the driver: ${balance}. Free cancellation up to 48 hours before pickup; later, the deposit is kept.`,
    },
    ar: {
      subject: `تم استلام العربون: الحجز رقم ${data.id}`,
      greeting: `مرحبًا ${data.fullName}،`,
      body: `لقد استلمنا عربونك البالغ ${paid}. تم حجز رحلتك.`,
      note: `المبلغ المتبقي للسائق: ${balance}. الإلغاء مجاني حتى 48 ساعة قبل موعد الانطلاق، وبعد ذلك يتم الاحتفاظ بالعربون.`,
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

/** The company's notice (French) that a deposit was paid by card. */
export function depositPaidCompanyMail(data: BookingMailData, paidCents: number): RenderedMail {
  return renderMail('fr', {
    subject: `Acompte payé : réservation n°${data.id} (${routeText(data)})`,
    greeting: 'Bonjour,',
    paragraphs: [`${data.fullName} a réglé l’acompte de ${formatEuros(paidCents, 'fr')} par carte.`, ...tripLines('fr', data)],
    signature: SIGNATURE.fr,
  });
}
