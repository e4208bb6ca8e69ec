import type { Language } from '@vtc/shared/i18n/languages';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { COMPANY_LANGUAGE, companyDetailLines, hireLines, parisDateTime, routeText, tripLines, type BookingMailData } from './booking-mail-details.ts';

/** "30 min", "2 h", "1 h 30" in the mail's words. */
export function durationText(language: Language, minutes: number): string {
  const t = mailI18n.getFixedT(language, 'mail');
  if (minutes < 60) return t('duration.minutes', { value: minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? t('duration.hours', { value: hours }) : t('duration.hoursMinutes', { hours, minutes: String(rest).padStart(2, '0') });
}

/** To the company when a booking is still pending some time after it was confirmed, with fresh accept and reject links. */
export function pendingReminderCompanyMail(
  data: BookingMailData,
  minutes: number,
  links: { acceptUrl: string; rejectUrl: string; days: number },
): RenderedMail {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const duration = durationText(COMPANY_LANGUAGE, minutes);
  return renderMail(COMPANY_LANGUAGE, {
    subject: t('pendingReminderCompany.subject', { id: data.id, duration }),
    greeting: t('greetingNoName'),
    paragraphs: [
      t('pendingReminderCompany.body', { name: data.fullName, duration }),
      ...tripLines(COMPANY_LANGUAGE, data),
      ...companyDetailLines(data),
    ],
    action: { label: t('bookingNewCompany.action'), url: links.acceptUrl },
    footnotes: [t('bookingNewCompany.reject', { url: links.rejectUrl }), t('bookingNewCompany.note', { days: links.days })],
    signature: t('signature'),
  });
}

/** Who and what the customer will meet, as read when the reminder is written. */
export type PickupReminderFacts = {
  driver: { fullName: string; phone: string } | null;
  car: { name: string; plate: string } | null;
  /** Where the trip starts: the typed address, else the place chosen at step one. */
  meetingPoint: string;
  placeType: 'address' | 'airport' | 'station' | 'town';
  /** Extra words of the company for airport pickups (AIRPORT_MEETING_NOTE). */
  airportNote: string | null;
  /** Whether a provider follows the flight (decision 0144): the mail says "followed" only then. */
  flightsFollowed?: boolean;
  companyPhone: string;
  /** The waiting time included at this pickup (decision 0102). */
  waitingMinutes?: number;
  /** The return of a round trip, drawn as a trip of its own (decision 0172): the mail says so. */
  isReturn?: boolean;
};

/** To the customer a day (CUSTOMER_REMINDER_HOURS) before pickup: when, where, who, which car, whom to call. */
export function pickupReminderMail(language: Language, data: BookingMailData, facts: PickupReminderFacts): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  const time = parisDateTime(data.pickupAt, language);
  const paragraphs = [
    t('pickupReminder.body', { time }),
    ...(facts.isReturn ? [t('pickupReminder.returnLeg')] : []),
    t('trip.number', { id: data.id }),
    // A hire says what is booked, until when and the programme (decision 0137).
    ...(data.hire ? hireLines(language, data, data.hire) : [t('trip.route', { route: routeText(data) })]),
    t('pickupReminder.meetingPoint', { place: facts.meetingPoint }),
  ];
  if (facts.placeType === 'airport') paragraphs.push(t('pickupReminder.airport'), ...(facts.airportNote ? [facts.airportNote] : []));
  if (facts.placeType === 'station') paragraphs.push(t('pickupReminder.station'));
  if (data.details.flightNumber) {
    const value = data.details.flightNumber;
    paragraphs.push(facts.flightsFollowed ? t('pickupReminder.flightFollowed', { value }) : t('pickupReminder.flight', { value }));
  }
  if (data.details.trainNumber) paragraphs.push(t('pickupReminder.train', { value: data.details.trainNumber }));
  paragraphs.push(
    facts.driver ? t('pickupReminder.driver', { name: facts.driver.fullName, phone: formatPhone(facts.driver.phone) }) : t('pickupReminder.driverLater'),
  );
  if (facts.car) paragraphs.push(t('pickupReminder.car', { car: facts.car.name, plate: facts.car.plate }));
  if (facts.waitingMinutes !== undefined) paragraphs.push(t('terms.waiting', { minutes: facts.waitingMinutes }));
  if (data.returnAt) paragraphs.push(t('trip.return', { time: parisDateTime(data.returnAt, language) }));
  return renderMail(language, {
    subject: t('pickupReminder.subject', { id: data.id, time }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs,
    footnotes: [t('pickupReminder.phone', { phone: facts.companyPhone })],
    signature: t('signature'),
  });
}
