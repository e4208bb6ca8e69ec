import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { SIGNATURE, tripLines, type BookingMailData } from './booking-mail-details.ts';

/** To the customer when the company accepts: the single-use link to pay the deposit. */
export function bookingAcceptedMail(language: Language, data: BookingMailData, checkoutUrl: string): RenderedMail {
  const deposit = formatEuros(data.depositCents ?? 0, language);
  const balance = formatEuros((data.totalCents ?? 0) - (data.depositCents ?? 0), language);
  const t = {
    fr: {
      subject: `Votre réservation n°${data.id} est acceptée`,
      greeting: `Bonjour ${data.fullName},`,
      body: `Bonne nouvelle : votre réservation est acceptée. Pour la garantir, réglez l’acompte de ${deposit} en ligne par carte, ou choisissez de le régler en espèces au chauffeur.`,
      action: 'Régler l’acompte',
      note: `Le solde (${balance}) est à régler au chauffeur, en espèces ou par carte à bord. Annulation gratuite jusqu’à 48 heures avant la prise en charge.`,
    },
    en: {
      subject: `Your booking no. ${data.id} is accepted`,
      greeting: `Hello ${data.fullName},`,
      body: `Good news: your booking is accepted. To secure it, pay the ${deposit} deposit online by card, or choose to pay it in cash to the driver.`,
      action: 'Pay the deposit',
      note: `The balance (${balance}) is paid to the driver, in cash or by card on board. Free cancellation up to 48 hours before pickup.`,
    },
    ar: {
      subject: `تم قبول حجزك رقم ${data.id}`,
      greeting: `مرحبًا ${data.fullName}،`,
      body: `خبر سار: تم قبول حجزك. لتأكيده، ادفع العربون البالغ ${deposit} عبر الإنترنت بالبطاقة، أو اختر دفعه نقدًا للسائق.`,
      action: 'دفع العربون',
      note: `يُدفع الباقي (${balance}) للسائق نقدًا أو بالبطاقة على متن السيارة. الإلغاء مجاني حتى 48 ساعة قبل موعد الانطلاق.`,
    },
  }[language];
  return renderMail(language, {
    subject: t.subject,
    greeting: t.greeting,
    paragraphs: [t.body, ...tripLines(language, data)],
    action: { label: t.action, url: checkoutUrl },
    footnotes: [t.note],
    signature: SIGNATURE[language],
  });
}
