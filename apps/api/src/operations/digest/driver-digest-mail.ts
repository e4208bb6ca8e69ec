import type { Language } from '@vtc/shared/i18n/languages';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { serviceText, type HireMailFacts } from '../../booking/booking-public.ts';

/** One leg a chauffeur drives: the outbound trip or the return of a booking. */
export type DigestTrip = {
  bookingId: number;
  isReturn: boolean;
  /** "08:30" on Paris clocks. */
  time: string;
  pickup: string;
  destination: string;
  passenger: string;
  phone: string;
  flightNumber: string | null;
  trainNumber: string | null;
  adults: number;
  children: number;
  childrenSeat: number;
  luggage: number;
  message: string | null;
  /** A hire or a tour (decision 0137): what is booked, until when ("17:00"), which day of how many, the programme. */
  hire: { facts: HireMailFacts; end: string; day: number | null } | null;
};

/** The chauffeur's trips of one day (`date` as "24/12/2026"), in time order, in the chauffeur's language. */
export function driverDigestMail(language: Language, driverName: string, date: string, trips: DigestTrip[]): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const paragraphs = [t('driverDigest.body', { date, trips: trips.length })];
  for (const trip of trips) {
    paragraphs.push(
      t(trip.isReturn ? 'driverDigest.headingReturn' : 'driverDigest.heading', { time: trip.time, id: trip.bookingId }),
      t('driverDigest.pickup', { value: trip.pickup }),
    );
    const { hire } = trip;
    if (hire) {
      paragraphs.push(t('driverDigest.service', { service: serviceText(language, hire.facts), end: hire.end }));
      if (hire.day !== null) paragraphs.push(t('driverDigest.day', { n: hire.day, days: hire.facts.periods.length }));
      if (hire.facts.hasDropOff) paragraphs.push(t('driverDigest.destination', { value: trip.destination }));
      if (hire.facts.programme) paragraphs.push(t('driverDigest.programme', { value: hire.facts.programme }));
    } else {
      paragraphs.push(t('driverDigest.destination', { value: trip.destination }));
    }
    paragraphs.push(
      t('driverDigest.passenger', { name: trip.passenger, phone: trip.phone ? formatPhone(trip.phone) : '—' }),
      t('driverDigest.party', { adults: trip.adults, children: trip.children, childrenSeat: trip.childrenSeat, luggage: trip.luggage }),
    );
    if (trip.flightNumber) paragraphs.push(t('driverDigest.flight', { value: trip.flightNumber }));
    if (trip.trainNumber) paragraphs.push(t('driverDigest.train', { value: trip.trainNumber }));
    if (trip.message) paragraphs.push(t('driverDigest.message', { value: trip.message }));
  }
  return renderMail(language, {
    subject: t('driverDigest.subject', { date }),
    greeting: t('greeting', { name: driverName }),
    paragraphs,
    signature: t('signature'),
  });
}
