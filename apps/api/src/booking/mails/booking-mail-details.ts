import type { Language } from '@vtc/shared/i18n/languages';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime, formatParisTime } from '@vtc/shared/time/format-paris';
import type { TourName } from '@vtc/shared/booking/booking-responses';
import type { BookingTerms } from '../booking-terms.ts';
import type { MailAttachment } from '../../platform/db/schema.ts';
import { buildIcs, type CalendarEvent } from '../../platform/mail/ics.ts';
import { joinRoute, leftToRight, type MailCompany } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { formatNumber } from '@vtc/shared/i18n/format-number';

/** What booking mails show, in the booking's words. */
export type BookingMailData = {
  id: number;
  /** The calendar files' SEQUENCE: raised at each change of the trip and at its cancellation. */
  calendarSequence: number;
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
  paymentMethod: 'cash' | 'stripe' | 'paypal' | null;
  /** A hire or a tour (decision 0137); null or absent for a transfer. */
  hire?: HireMailFacts | null;
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

/** A hire or a tour as mails tell it (decision 0137); each reader reads the tour's name in their language. */
export type HireMailFacts = {
  serviceType: 'hourly' | 'daily' | 'tour';
  hours: number | null;
  days: number | null;
  tourName: TourName | null;
  programme: string | null;
  hasDropOff: boolean;
  endsAt: Date;
  /** One block of time, or one per day by the day. */
  periods: { from: Date; to: Date }[];
};

/** The company reads its own notices in French; the catalogue has them in every language all the same. */
export const COMPANY_LANGUAGE: Language = 'fr';

/** "24/12/2026 18:30" on Paris clocks, as the reader writes times (English: "06:30 pm"). */
export function parisDateTime(instant: Date, language: Language = COMPANY_LANGUAGE): string {
  return formatParisDateTime(instant, language);
}

/**
 * The route, its arrows pointing the way the language reads (← in Arabic); a hire without a
 * drop-off place is its pickup place alone.
 */
export function routeText(data: Pick<BookingMailData, 'origin' | 'stops' | 'destination' | 'hire'>, language: Language = COMPANY_LANGUAGE): string {
  if (data.hire && !data.hire.hasDropOff) return joinRoute(language, [data.origin, ...data.stops]);
  return joinRoute(language, [data.origin, ...data.stops, data.destination]);
}

/** "Mise à disposition 5 h", "Mise à disposition 2 jours", "Excursion « Monaco et Èze » (4 h)". */
export function serviceText(language: Language, hire: HireMailFacts): string {
  const t = mailI18n.getFixedT(language, 'mail');
  const hours = formatNumber(hire.hours ?? 0, language, { maximumFractionDigits: 1 });
  if (hire.serviceType === 'daily') return t('service.daily', { count: hire.days ?? hire.periods.length });
  if (hire.serviceType === 'tour') return hire.tourName ? t('service.tour', { name: hire.tourName[language], hours }) : t('service.tourUnnamed', { hours });
  return t('service.hourly', { hours });
}

/**
 * A hire's own lines (decision 0137): the service, where it starts (and ends), its start and end
 * (each day by the day), the programme.
 */
export function hireLines(language: Language, data: BookingMailData, hire: HireMailFacts): string[] {
  const t = mailI18n.getFixedT(language, 'mail');
  const time = (instant: Date) => parisDateTime(instant, language);
  const lines = [
    t('trip.service', { service: serviceText(language, hire) }),
    hire.hasDropOff ? t('trip.route', { route: routeText(data, language) }) : t('trip.pickupPlace', { place: data.origin }),
  ];
  if (hire.periods.length > 1) {
    hire.periods.forEach((period, index) => lines.push(t('trip.hireDay', { n: index + 1, start: time(period.from), end: formatParisTime(period.to, language) })));
  } else {
    lines.push(t('trip.hireStart', { time: time(data.pickupAt) }), t('trip.hireEnd', { time: time(hire.endsAt) }));
  }
  if (hire.programme) lines.push(t('trip.programme', { programme: hire.programme }));
  return lines;
}

/**
 * The lines a chauffeur's mail about one trip carries (mission link, a change, a cancellation):
 * the number, the route and the times; a hire's service, start and end (each day) and programme.
 */
export function missionLines(language: Language, data: BookingMailData): string[] {
  const t = mailI18n.getFixedT(language, 'mail');
  if (data.hire) return [t('trip.number', { id: data.id }), ...hireLines(language, data, data.hire)];
  return tripLines(language, data).slice(0, 4);
}

/** What every customer mail about a booking carries besides its own words (issue 14). */
export type CustomerMailExtras = {
  company: MailCompany;
  /** The customer's page of the booking: /account/bookings/{id}. */
  manageUrl: string;
  /** Waiting time included and the free-cancellation deadline, on the mails where they fit. */
  terms?: BookingTerms;
};

/**
 * The waiting time included and the cancellation policy with this booking's deadline, written
 * the reader's way; once the deadline has passed, only that the deposit is kept.
 */
export function termsLines(language: Language, terms: BookingTerms | undefined, now: Date = new Date()): string[] {
  if (!terms) return [];
  const t = mailI18n.getFixedT(language, 'mail');
  const late = terms.freeCancellationUntil.getTime() <= now.getTime();
  return [
    t('terms.waiting', { minutes: terms.waitingMinutes }),
    late ? t('terms.cancellationLate') : t('terms.cancellation', { deadline: formatParisDateTime(terms.freeCancellationUntil, language, 'long') }),
  ];
}

export function manageBookingUrl(publicUrl: string, bookingId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/account/bookings/${bookingId}`;
}

/** The payment method and the flight or train numbers, for the customer. */
export function customerLines(language: Language, data: BookingMailData): string[] {
  const t = mailI18n.getFixedT(language, 'mail');
  const d = data.details;
  const ltr = (value: string) => leftToRight(language, value);
  const lines = [
    data.paymentMethod === 'cash' && t('customer.paymentCash'),
    data.paymentMethod === 'stripe' && t('customer.paymentCard'),
    data.paymentMethod === 'paypal' && t('customer.paymentPaypal'),
    !!d.flightNumber && t('customer.flightNumber', { value: ltr(d.flightNumber) }),
    !!d.trainNumber && t('customer.trainNumber', { value: ltr(d.trainNumber) }),
    !!d.returnFlightNumber && t('customer.returnFlightNumber', { value: ltr(d.returnFlightNumber) }),
    !!d.returnTrainNumber && t('customer.returnTrainNumber', { value: ltr(d.returnTrainNumber) }),
  ];
  return lines.filter((line): line is string => typeof line === 'string');
}

/** The trip as lines: number, route, times, party, luggage, car, distance, prices. */
export function tripLines(language: Language, data: BookingMailData): string[] {
  const t = mailI18n.getFixedT(language, 'mail');
  const km = leftToRight(language, formatNumber(data.distanceKm, language, { maximumFractionDigits: 1 }));
  const lines = data.hire
    ? [t('trip.number', { id: data.id }), ...hireLines(language, data, data.hire)]
    : [
        t('trip.number', { id: data.id }),
        t('trip.route', { route: routeText(data, language) }),
        t('trip.pickup', { time: parisDateTime(data.pickupAt, language) }),
      ];
  if (data.returnAt) lines.push(t('trip.return', { time: parisDateTime(data.returnAt, language) }));
  lines.push(
    t('trip.party', { adults: data.adults, children: data.children, childrenSeat: data.childrenSeat }),
    t('trip.luggage', data.luggage),
  );
  if (data.carName) lines.push(t('trip.car', { car: data.carName }));
  // A hire is a block of time, not a distance (decision 0137).
  if (!data.hire) lines.push(data.distanceEstimated ? t('trip.distanceEstimated', { km }) : t('trip.distance', { km }));
  if (data.totalCents !== null) lines.push(t('trip.total', { amount: formatEuros(data.totalCents, language) }));
  if (data.depositCents !== null && data.depositCents > 0) lines.push(t('trip.deposit', { amount: formatEuros(data.depositCents, language) }));
  return lines;
}

/** About one minute per km, in quarter hours, at least 30 minutes: a calendar slot, not a promise. */
export function tripMinutes(distanceKm: number): number {
  return Math.max(30, Math.ceil(distanceKm / 15) * 15);
}

/**
 * The .ics attachment of a booking: the trip and, if booked, the return. The UIDs stay the same
 * for the booking's life and SEQUENCE is the booking's `calendarSequence`, raised at each change,
 * so a calendar updates its copy; `cancel` makes a METHOD:CANCEL file that removes it.
 */
export function bookingCalendar(language: Language, data: BookingMailData, uidDomain: string, options: { cancel?: boolean } = {}): MailAttachment {
  const t = mailI18n.getFixedT(language, 'mail');
  const minutes = tripMinutes(data.distanceKm);
  const method = options.cancel ? 'CANCEL' : 'PUBLISH';
  const file = (events: CalendarEvent[]): MailAttachment => ({
    filename: `riviera-vtc-${data.id}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: buildIcs(events, new Date(), method),
  });
  const { hire } = data;
  if (hire) {
    // The whole hire (decision 0137): one event from pickup to the booked end; by the day, one
    // event per day (UID per day), as the car is held.
    const location = data.details.address ? `${data.details.address}, ${data.origin}` : data.origin;
    const summary = t('calendar.hire', { service: serviceText(language, hire), place: data.origin });
    const description = tripLines(language, data).join('\n');
    return file(
      hire.periods.map((period, index) => ({
        uid: hire.periods.length > 1 ? `booking-${data.id}-day${index + 1}@${uidDomain}` : `booking-${data.id}-outbound@${uidDomain}`,
        start: period.from,
        durationMinutes: Math.round((period.to.getTime() - period.from.getTime()) / 60_000),
        sequence: data.calendarSequence,
        summary: hire.periods.length > 1 ? `${summary} (${t('calendar.day', { n: index + 1, days: hire.periods.length })})` : summary,
        location,
        description,
      })),
    );
  }
  const events: CalendarEvent[] = [
    {
      uid: `booking-${data.id}-outbound@${uidDomain}`,
      start: data.pickupAt,
      durationMinutes: minutes,
      sequence: data.calendarSequence,
      summary: t('calendar.outbound', { route: routeText(data, language) }),
      location: data.details.address ? `${data.details.address}, ${data.origin}` : data.origin,
      description: tripLines(language, data).join('\n'),
    },
  ];
  if (data.returnAt) {
    events.push({
      uid: `booking-${data.id}-return@${uidDomain}`,
      start: data.returnAt,
      durationMinutes: minutes,
      sequence: data.calendarSequence,
      summary: t('calendar.return', { route: joinRoute(language, [data.destination, data.origin]) }),
      location: data.details.returnAddress ? `${data.details.returnAddress}, ${data.destination}` : data.destination,
    });
  }
  return file(events);
}

/** Every detail the customer gave, for the company. */
export function companyDetailLines(data: BookingMailData): string[] {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const d = data.details;
  const pickup = [d.address, d.city].filter(Boolean).join(', ');
  const back = [d.returnAddress, d.returnCity].filter(Boolean).join(', ');
  const lines = [
    t('companyDetails.customer', { value: `${data.fullName} — ${data.email} — ${formatPhone(data.phone)}` }),
    t(data.accountEmail.verified ? 'companyDetails.accountVerified' : 'companyDetails.accountUnverified', { value: data.accountEmail.address }),
    !!pickup && t('companyDetails.address', { value: pickup }),
    !!d.arriveFrom && t('companyDetails.arriveFrom', { value: d.arriveFrom }),
    !!d.arriveTime && t('companyDetails.arriveTime', { value: d.arriveTime }),
    !!d.flightNumber && t('companyDetails.flightNumber', { value: d.flightNumber }),
    !!d.trainNumber && t('companyDetails.trainNumber', { value: d.trainNumber }),
    !!back && t('companyDetails.returnAddress', { value: back }),
    !!d.returnArriveTime && t('companyDetails.returnArriveTime', { value: d.returnArriveTime }),
    !!d.returnFlightNumber && t('companyDetails.returnFlightNumber', { value: d.returnFlightNumber }),
    !!d.returnTrainNumber && t('companyDetails.returnTrainNumber', { value: d.returnTrainNumber }),
    data.paymentMethod === 'cash' && t('companyDetails.paymentCash'),
    data.paymentMethod === 'stripe' && t('companyDetails.paymentCard'),
    data.paymentMethod === 'paypal' && t('companyDetails.paymentPaypal'),
    !!d.message && t('companyDetails.message', { value: d.message }),
  ];
  return lines.filter((line): line is string => typeof line === 'string');
}
