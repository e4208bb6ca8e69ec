// The mail templates read their words from the catalogue (apps/api/src/platform/mail/locales): the same
// lines as when the words were written in each template, and no key or {{value}} left unfilled.
import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { describe, expect, it } from 'vitest';
import type { RenderedMail } from '../../src/platform/mail/layout.ts';
import fr from '../../src/platform/mail/locales/fr/mail.json' with { type: 'json' };
import { bookingAcceptedMail } from '../../src/booking/mails/booking-accepted-mail.ts';
import { bookingCancelledCompanyMail, bookingCancelledMail } from '../../src/booking/mails/booking-cancelled-mail.ts';
import { depositPaidCompanyMail, depositPaidMail, paymentForClosedBookingCompanyMail } from '../../src/booking/mails/booking-deposit-paid-mail.ts';
import { bookingCalendar, tripLines, type BookingMailData, type CustomerMailExtras } from '../../src/booking/mails/booking-mail-details.ts';
import { bookingNewCompanyMail } from '../../src/booking/mails/booking-new-company-mail.ts';
import { bookingReceivedMail } from '../../src/booking/mails/booking-received-mail.ts';
import { bookingRejectedMail } from '../../src/booking/mails/booking-rejected-mail.ts';
import { contactCopyMail, contactMessageMail, contactReceiptMail } from '../../src/site/contact/contact-message-mail.ts';
import { passwordResetMail } from '../../src/accounts/mails/password-reset-mail.ts';
import { emailVerificationMail } from '../../src/accounts/mails/email-verification-mail.ts';

const booking: BookingMailData = {
  id: 42,
  calendarSequence: 0,
  fullName: 'Ann Lee',
  email: 'ann@example.com',
  phone: '+33612345678',
  accountEmail: { address: 'ann@example.com', verified: true },
  origin: 'Aéroport Nice Côte d’Azur',
  destination: 'Monaco',
  stops: ['Èze'],
  pickupAt: new Date('2026-12-24T17:30:00Z'),
  returnAt: new Date('2026-12-27T09:15:00Z'),
  adults: 2,
  children: 1,
  childrenSeat: 1,
  luggage: { under10kg: 1, above10kg: 2, above30kg: 0 },
  carName: 'Mercedes Classe V',
  distanceKm: 33.46,
  distanceEstimated: true,
  totalCents: 12345,
  depositCents: 2469,
  paymentMethod: 'cash',
  details: {
    address: '1 promenade des Anglais',
    city: null,
    arriveTime: '10:00',
    arriveFrom: null,
    flightNumber: 'AF7700',
    trainNumber: null,
    message: 'Siège bébé',
    returnAddress: null,
    returnCity: null,
    returnArriveTime: null,
    returnFlightNumber: null,
    returnTrainNumber: null,
  },
};

const LANGUAGES: Language[] = ['fr', 'en', 'ar'];

const extras: CustomerMailExtras = {
  company: { name: 'Riviera VTC SAS', phone: '+33 6 12 34 56 78', whatsappUrl: 'https://wa.me/33612345678', email: 'contact@x.test' },
  manageUrl: 'https://x.test/account/bookings/42',
};

function everyMail(language: Language): RenderedMail[] {
  const terms = [
    { free: true, depositKept: false },
    { free: false, depositKept: true },
  ];
  return [
    emailVerificationMail(language, { url: 'https://x.test/verify', hours: 48 }),
    passwordResetMail(language, { url: 'https://x.test/reset', minutes: 60 }),
    contactMessageMail(language, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '06', message: 'Bonjour' }),
    contactCopyMail(language, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '06', message: 'Bonjour' }, extras.company),
    contactReceiptMail(language, extras.company),
    bookingReceivedMail(language, booking, extras),
    bookingAcceptedMail(language, booking, 'https://x.test/pay', extras),
    bookingRejectedMail(language, booking, 'Complet', extras),
    ...terms.map((t) => bookingCancelledMail(language, booking, t, extras)),
    ...terms.map((t) => bookingCancelledCompanyMail(booking, t)),
    depositPaidMail(language, booking, 2469, extras),
    depositPaidCompanyMail(booking, 2469),
    paymentForClosedBookingCompanyMail(booking, { paidCents: 2469, status: 'cancelled', sessionId: 'cs_1' }),
    bookingNewCompanyMail(booking, { acceptUrl: 'https://x.test/a', rejectUrl: 'https://x.test/r', days: 7 }),
  ];
}

/** Every key of the catalogue, dotted: a mail that shows one has lost its words. */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('mail templates', () => {
  it('show the trip in the customer’s language, line by line', () => {
    const price = (language: Language) => [formatEuros(12345, language), formatEuros(2469, language)];
    expect(tripLines('fr', booking)).toEqual([
      'Réservation n°42',
      'Trajet : Aéroport Nice Côte d’Azur → Èze → Monaco',
      'Prise en charge : 24/12/2026 18:30 (heure de Paris)',
      'Retour : 27/12/2026 10:15 (heure de Paris)',
      'Passagers : 2 adulte(s), 1 enfant(s), 1 siège(s) enfant',
      'Bagages : 1 de moins de 10 kg, 2 de plus de 10 kg, 0 de plus de 30 kg',
      'Véhicule : Mercedes Classe V',
      'Distance : 33,5 km (estimation)',
      `Prix total : ${price('fr')[0]}`,
      `Acompte (20 %) : ${price('fr')[1]}`,
    ]);
    expect(tripLines('en', booking)).toEqual([
      'Booking no. 42',
      'Route: Aéroport Nice Côte d’Azur → Èze → Monaco',
      'Pickup: 24/12/2026 06:30 pm (Paris time)',
      'Return: 27/12/2026 10:15 am (Paris time)',
      'Passengers: 2 adult(s), 1 child(ren), 1 child seat(s)',
      'Luggage: 1 under 10 kg, 2 above 10 kg, 0 above 30 kg',
      'Vehicle: Mercedes Classe V',
      'Distance: 33.5 km (estimate)',
      `Total price: ${price('en')[0]}`,
      `Deposit (20%): ${price('en')[1]}`,
    ]);
    expect(tripLines('ar', booking)).toEqual([
      'رقم الحجز 42',
      'المسار: Aéroport Nice Côte d’Azur\u200F ← \u200FÈze\u200F ← \u200FMonaco',
      'موعد الانطلاق: 24/12/2026 18:30 (بتوقيت باريس)',
      'العودة: 27/12/2026 10:15 (بتوقيت باريس)',
      'الركاب: 2 بالغ، 1 طفل، 1 مقعد أطفال',
      'الأمتعة: 1 أقل من 10 كغ، 2 أكثر من 10 كغ، 0 أكثر من 30 كغ',
      'السيارة: Mercedes Classe V',
      'المسافة: \u200E33.5\u200E km (تقديرية)',
      `السعر الإجمالي: ${price('ar')[0]}`,
      `العربون (20٪): ${price('ar')[1]}`,
    ]);
  });

  it('write the company’s notice in French, with every detail the customer gave', () => {
    const mail = bookingNewCompanyMail(booking, { acceptUrl: 'https://x.test/a', rejectUrl: 'https://x.test/r', days: 7 });
    expect(mail.subject).toBe('Nouvelle réservation n°42 : Aéroport Nice Côte d’Azur → Èze → Monaco, 24/12/2026 18:30');
    const lines = mail.text.split('\n').filter(Boolean);
    expect(lines[0]).toBe('Bonjour,');
    expect(lines[1]).toBe('Ann Lee demande une réservation. Acceptez-la ou refusez-la avec les liens ci-dessous.');
    expect(lines.slice(12)).toEqual([
      'Client : Ann Lee — ann@example.com — 06 12 34 56 78',
      'Compte : ann@example.com (adresse confirmée)',
      'Adresse de prise en charge : 1 promenade des Anglais',
      "Heure d'arrivée : 10:00",
      'Vol : AF7700',
      'Paiement souhaité : espèces',
      'Message : Siège bébé',
      'Accepter la réservation: https://x.test/a',
      'Refuser la réservation : https://x.test/r',
      'Ces liens ne servent qu’une fois (accepter ou refuser) et expirent dans 7 jours. Une connexion administrateur est demandée.',
      "L'équipe Riviera VTC",
    ]);
  });

  it('leave no catalogue key and no {{value}} unfilled, in any language, calendar included', () => {
    const catalogueKeys = keys(fr);
    for (const language of LANGUAGES) {
      const texts = everyMail(language).flatMap((mail) => [mail.subject, mail.text, mail.html]);
      texts.push(bookingCalendar(language, booking, 'x.test').content);
      for (const text of texts) {
        expect(text).not.toContain('{{');
        for (const key of catalogueKeys) expect(text).not.toContain(key);
      }
    }
  });
});

describe('customer mails people can answer (issue 14)', () => {
  const expected = {
    fr: { number: 'Réservation n°42', payment: 'Paiement : espèces, à bord', flight: 'Vol : AF7700', manage: 'Gérer ma réservation', phone: 'Téléphone' },
    en: { number: 'Booking no. 42', payment: 'Payment: cash, in the car', flight: 'Flight: AF7700', manage: 'Manage my booking', phone: 'Phone' },
    ar: { number: 'رقم الحجز 42', payment: 'الدفع: نقدًا، في السيارة', flight: 'الرحلة الجوية: \u200EAF7700\u200E', manage: 'إدارة حجزي', phone: 'الهاتف' },
  } as const;

  it('carry the booking number, payment method, flight, manage link and the company’s name, phone and WhatsApp, in text and HTML', () => {
    for (const language of LANGUAGES) {
      const words = expected[language];
      const mails = [
        bookingReceivedMail(language, booking, extras),
        bookingAcceptedMail(language, booking, 'https://x.test/pay', extras),
        bookingRejectedMail(language, booking, null, extras),
        bookingCancelledMail(language, booking, { free: true, depositKept: false }, extras),
        depositPaidMail(language, booking, 2469, extras),
      ];
      for (const mail of mails) {
        for (const part of [mail.text, mail.html]) {
          expect(part, language).toContain(words.number);
          expect(part, language).toContain(words.payment);
          expect(part, language).toContain(words.flight);
          expect(part, language).toContain(words.manage);
          expect(part, language).toContain('https://x.test/account/bookings/42');
          expect(part, language).toContain('Riviera VTC SAS');
          expect(part, language).toContain('https://wa.me/33612345678');
          expect(part, language).toContain(words.phone);
        }
        expect(mail.text).toContain(`${words.manage}: https://x.test/account/bookings/42`);
        expect(mail.html).toContain('href="https://x.test/account/bookings/42"');
        expect(mail.html).toContain('href="tel:+33612345678"');
      }
    }
  });

  it('use a table layout of 600 px at most with inline styles, right to left in Arabic, arrows and km in reading order', () => {
    const french = bookingReceivedMail('fr', booking, extras);
    expect(french.html).toContain('<html lang="fr" dir="ltr">');
    expect(french.html).toContain('max-width:600px');
    expect(french.html).toMatch(/<table role="presentation"/);
    expect(french.html).not.toMatch(/<style|<link|class=/);
    expect(french.text).toContain('Aéroport Nice Côte d’Azur → Èze → Monaco');

    const arabic = bookingReceivedMail('ar', booking, extras);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.html).toContain('align="right"');
    for (const part of [arabic.text, arabic.html]) {
      expect(part).not.toContain('→');
      expect(part).toContain('Aéroport Nice Côte d’Azur\u200F ← \u200FÈze\u200F ← \u200FMonaco');
      // "33.5 km" stays one left-to-right run inside the Arabic line.
      expect(part).toContain('المسافة: \u200E33.5\u200E km (تقديرية)');
      expect(part).toContain('\u200E+33 6 12 34 56 78\u200E');
    }
    expect(bookingCalendar('ar', booking, 'x.test').content).not.toContain('→');
  });
});
