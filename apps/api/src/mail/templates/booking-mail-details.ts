import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { getParisParts } from '@vtc/shared/time/paris-time';
import type { MailAttachment } from '../../db/schema.ts';
import { buildIcs, type CalendarEvent } from '../ics.ts';

/** What booking mails show, in the booking's words. */
export type BookingMailData = {
  id: number;
  fullName: string;
  /** The address typed at step three (else the account's): shown to the company, never mailed to. */
  email: string;
  phone: string;
  /** The account's own address, where customer mail goes once it is verified. */
  accountEmail: { address: string; verified: boolean };
  origin: string;
  destination: string;
  stops: string[];
  pickupAt: Date;
  returnAt: Date | null;
  adults: number;
  children: number;
  childrenSeat: number;
  luggage: { under10kg: number; above10kg: number; above30kg: number };
  carName: string | null;
  distanceKm: number;
  distanceEstimated: boolean;
  totalCents: number | null;
  depositCents: number | null;
  paymentMethod: 'cash' | 'stripe' | null;
  /** Pickup details typed at step three, shown to the company. */
  details: {
    address: string | null;
    city: string | null;
    arriveTime: string | null;
    arriveFrom: string | null;
    flightNumber: string | null;
    trainNumber: string | null;
    message: string | null;
    returnAddress: string | null;
    returnCity: string | null;
    returnArriveTime: string | null;
    returnFlightNumber: string | null;
    returnTrainNumber: string | null;
  };
};

export const SIGNATURE: Record<Language, string> = {
  fr: "L'équipe Riviera VTC",
  en: 'The Riviera VTC team',
  ar: 'فريق Riviera VTC',
};

const pad = (value: number) => String(value).padStart(2, '0');

/** "24/12/2026 18:30" on Paris clocks. */
export function parisDateTime(instant: Date): string {
  const p = getParisParts(instant);
  return `${pad(p.day)}/${pad(p.month)}/${p.year} ${pad(p.hour)}:${pad(p.minute)}`;
}

const LABELS = {
  fr: {
    booking: 'Réservation n°',
    route: 'Trajet',
    pickup: 'Prise en charge',
    return: 'Retour',
    paris: '(heure de Paris)',
    party: (d: BookingMailData) => `Passagers : ${d.adults} adulte(s), ${d.children} enfant(s), ${d.childrenSeat} siège(s) enfant`,
    luggage: (l: BookingMailData['luggage']) => `Bagages : ${l.under10kg} de moins de 10 kg, ${l.above10kg} de plus de 10 kg, ${l.above30kg} de plus de 30 kg`,
    car: 'Véhicule',
    distance: 'Distance',
    estimate: '(estimation)',
    total: 'Prix total',
    deposit: 'Acompte (20 %)',
    colon: ' : ',
  },
  en: {
    booking: 'Booking no. ',
    route: 'Route',
    pickup: 'Pickup',
    return: 'Return',
    paris: '(Paris time)',
    party: (d: BookingMailData) => `Passengers: ${d.adults} adult(s), ${d.children} child(ren), ${d.childrenSeat} child seat(s)`,
    luggage: (l: BookingMailData['luggage']) => `Luggage: ${l.under10kg} under 10 kg, ${l.above10kg} above 10 kg, ${l.above30kg} above 30 kg`,
    car: 'Vehicle',
    distance: 'Distance',
    estimate: '(estimate)',
    total: 'Total price',
    deposit: 'Deposit (20%)',
    colon: ': ',
  },
  ar: {
    booking: 'رقم الحجز ',
    route: 'المسار',
    pickup: 'موعد الانطلاق',
    return: 'العودة',
    paris: '(بتوقيت باريس)',
    party: (d: BookingMailData) => `الركاب: ${d.adults} بالغ، ${d.children} طفل، ${d.childrenSeat} مقعد أطفال`,
    luggage: (l: BookingMailData['luggage']) => `الأمتعة: ${l.under10kg} أقل من 10 كغ، ${l.above10kg} أكثر من 10 كغ، ${l.above30kg} أكثر من 30 كغ`,
    car: 'السيارة',
    distance: 'المسافة',
    estimate: '(تقديرية)',
    total: 'السعر الإجمالي',
    deposit: 'العربون (20٪)',
    colon: ': ',
  },
} as const;

export function routeText(data: Pick<BookingMailData, 'origin' | 'stops' | 'destination'>): string {
  return [data.origin, ...data.stops, data.destination].join(' → ');
}

/** The trip as lines: number, route, times, party, luggage, car, distance, prices. */
export function tripLines(language: Language, data: BookingMailData): string[] {
  const l = LABELS[language];
  const km = new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : language, { maximumFractionDigits: 1 }).format(data.distanceKm);
  const lines = [
    `${l.booking}${data.id}`,
    `${l.route}${l.colon}${routeText(data)}`,
    `${l.pickup}${l.colon}${parisDateTime(data.pickupAt)} ${l.paris}`,
  ];
  if (data.returnAt) lines.push(`${l.return}${l.colon}${parisDateTime(data.returnAt)} ${l.paris}`);
  lines.push(l.party(data), l.luggage(data.luggage));
  if (data.carName) lines.push(`${l.car}${l.colon}${data.carName}`);
  lines.push(`${l.distance}${l.colon}${km} km${data.distanceEstimated ? ` ${l.estimate}` : ''}`);
  if (data.totalCents !== null) lines.push(`${l.total}${l.colon}${formatEuros(data.totalCents, language)}`);
  if (data.depositCents !== null) lines.push(`${l.deposit}${l.colon}${formatEuros(data.depositCents, language)}`);
  return lines;
}

/** About one minute per km, in quarter hours, at least 30 minutes: a calendar slot, not a promise. */
export function tripMinutes(distanceKm: number): number {
  return Math.max(30, Math.ceil(distanceKm / 15) * 15);
}

const EVENT_SUMMARY: Record<Language, [string, string]> = {
  fr: ['Trajet Riviera VTC', 'Retour Riviera VTC'],
  en: ['Riviera VTC ride', 'Riviera VTC return ride'],
  ar: ['رحلة Riviera VTC', 'رحلة العودة Riviera VTC'],
};

/** The .ics attachment of a booking: the trip and, if booked, the return. */
export function bookingCalendar(language: Language, data: BookingMailData, uidDomain: string): MailAttachment {
  const [outbound, back] = EVENT_SUMMARY[language];
  const minutes = tripMinutes(data.distanceKm);
  const events: CalendarEvent[] = [
    {
      uid: `booking-${data.id}-outbound@${uidDomain}`,
      start: data.pickupAt,
      durationMinutes: minutes,
      summary: `${outbound}: ${routeText(data)}`,
      location: data.details.address ? `${data.details.address}, ${data.origin}` : data.origin,
      description: tripLines(language, data).join('\n'),
    },
  ];
  if (data.returnAt) {
    events.push({
      uid: `booking-${data.id}-return@${uidDomain}`,
      start: data.returnAt,
      durationMinutes: minutes,
      summary: `${back}: ${data.destination} → ${data.origin}`,
      location: data.details.returnAddress ? `${data.details.returnAddress}, ${data.destination}` : data.destination,
    });
  }
  return { filename: `riviera-vtc-${data.id}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: buildIcs(events) };
}

/** The company reads every detail the customer gave (French). */
export function companyDetailLines(data: BookingMailData): string[] {
  const d = data.details;
  const pairs: [string, string | null][] = [
    ['Client', `${data.fullName} — ${data.email} — ${data.phone}`],
    ['Compte', `${data.accountEmail.address} (${data.accountEmail.verified ? 'adresse confirmée' : 'adresse non confirmée : le client ne reçoit pas encore nos e-mails'})`],
    ['Adresse de prise en charge', [d.address, d.city].filter(Boolean).join(', ') || null],
    ['Provenance', d.arriveFrom],
    ["Heure d'arrivée", d.arriveTime],
    ['Vol', d.flightNumber],
    ['Train', d.trainNumber],
    ['Adresse de retour', [d.returnAddress, d.returnCity].filter(Boolean).join(', ') || null],
    ["Heure d'arrivée (retour)", d.returnArriveTime],
    ['Vol (retour)', d.returnFlightNumber],
    ['Train (retour)', d.returnTrainNumber],
    ['Paiement souhaité', data.paymentMethod === 'cash' ? 'espèces' : data.paymentMethod === 'stripe' ? 'carte' : null],
    ['Message', d.message],
  ];
  return pairs.filter((pair): pair is [string, string] => Boolean(pair[1])).map(([label, value]) => `${label} : ${value}`);
}
