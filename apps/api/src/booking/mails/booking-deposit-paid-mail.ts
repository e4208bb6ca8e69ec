import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { routeText, SIGNATURE, tripLines, type BookingMailData } from './booking-mail-details.ts';

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

/** The company's notice (French) that a deposit was paid, by card or in cash. */
export function depositPaidCompanyMail(data: BookingMailData, paidCents: number, method: 'card' | 'cash' = 'card'): RenderedMail {
  const how = method === 'cash' ? 'en espèces' : 'par carte';
  return renderMail('fr', {
    subject: `Acompte payé : réservation n°${data.id} (${routeText(data)})`,
    greeting: 'Bonjour,',
    paragraphs: [`${data.fullName} a réglé l’acompte de ${formatEuros(paidCents, 'fr')} ${how}.`, ...tripLines('fr', data)],
    signature: SIGNATURE.fr,
  });
}

const STATUS_FR: Record<string, string> = {
  cancelled: 'annulée',
  paid: 'déjà payée',
  completed: 'terminée',
  rejected: 'refusée',
};

/** The company's alert (French): a card payment arrived for a booking that could not take it; it must be refunded. */
export function paymentForClosedBookingCompanyMail(
  data: BookingMailData,
  payment: { paidCents: number; status: string; sessionId: string },
): RenderedMail {
  const state = STATUS_FR[payment.status] ?? payment.status;
  return renderMail('fr', {
    subject: `Paiement reçu pour une réservation ${state} : remboursement à faire, réservation n°${data.id}`,
    greeting: 'Bonjour,',
    paragraphs: [
      `Un paiement par carte de ${formatEuros(payment.paidCents, 'fr')} a été reçu pour la réservation n°${data.id}, qui est ${state}.`,
      `La réservation n’a pas changé d’état. Remboursez ce paiement depuis le tableau de bord Stripe (session ${payment.sessionId}).`,
      ...tripLines('fr', data),
    ],
    signature: SIGNATURE.fr,
  });
}
