import { eq } from 'drizzle-orm';
import { firstSpokenLanguage } from '@vtc/shared/i18n/languages';
import { toE164 } from '@vtc/shared/phone/phone-number';
import { canReceiveTexts } from '@vtc/shared/phone/text-number';
import type { FlightAlertReason } from '@vtc/shared/booking/flight-status';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { drivers } from '../../platform/db/schema.ts';
import { renderMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { enqueueMail, enqueueText } from '../../platform/mail/outbox.ts';
import type { BookingWithStops } from '../bookings-repository.ts';
import { readLeg, type FlightLeg } from '../flights/flight-legs.ts';
import { COMPANY_LANGUAGE, parisDateTime, routeText, tripLines } from './booking-mail-details.ts';
import { forCompany, mailData } from './booking-mails.ts';

/**
 * What a followed flight tells the company and the chauffeur (decision 0144), each under a key
 * naming the booking and the new time: the job run again queues nothing twice. The customer's and
 * the chauffeur's mails of a moved pickup are the change's own (booking-change-mails.ts).
 */

type FlightMailDeps = { config: Pick<Config, 'COMPANY_EMAIL' | 'SMS_CHANNEL'> };

/** The leg's flight number and pickup time, and the start of its once-only keys; the texts of a return say so (their `…Return` sentence). */
function legOf(booking: BookingWithStops, leg: FlightLeg) {
  const { number, pickupAt } = readLeg(booking, leg, ['number', 'pickupAt']);
  const isReturn = leg === 'return';
  return { flight: number ?? '', pickupAt, isReturn, key: isReturn ? `flight:${booking.id}:return` : `flight:${booking.id}` };
}

async function queueCompanyMail(tx: DbOrTx, deps: FlightMailDeps, booking: BookingWithStops, notice: { kind: string; flight: string; subject: (values: Record<string, string | number>) => string; dedupeKey: string; lines: string[] }): Promise<void> {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const { data } = await mailData(tx, booking, COMPANY_LANGUAGE);
  const company = forCompany(data, booking);
  const values = { id: booking.id, flight: notice.flight, route: routeText(company) };
  await enqueueMail(tx, {
    bookingId: booking.id,
    kind: notice.kind,
    to: deps.config.COMPANY_EMAIL,
    dedupeKey: notice.dedupeKey,
    ...renderMail(COMPANY_LANGUAGE, {
      subject: notice.subject(values),
      greeting: t('greetingNoName'),
      paragraphs: [...notice.lines, ...tripLines(COMPANY_LANGUAGE, company)],
      signature: t('signature'),
    }),
  });
}

/**
 * The pickup moved with the flight (`booking` as moved, `before` its leg's time before): the
 * company is told by mail, the chauffeur by text beside the change's mail.
 */
export async function queueFlightMovedNotices(tx: DbOrTx, deps: FlightMailDeps, booking: BookingWithStops, before: Date, leg: FlightLeg = 'outbound'): Promise<void> {
  const { flight, pickupAt, isReturn, key: legKey } = legOf(booking, leg);
  const key = `${legKey}:moved:${pickupAt.toISOString()}:${booking.calendarSequence + 1}`;
  const fr = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const times = { before: parisDateTime(before), after: parisDateTime(pickupAt), flight, id: booking.id };
  const line = isReturn ? fr('flightMovedCompany.bodyReturn', times) : fr('flightMovedCompany.body', times);
  await queueCompanyMail(tx, deps, booking, { kind: 'flight_moved_company', flight, subject: (values) => fr('flightMovedCompany.subject', values), dedupeKey: key, lines: [line] });
  if (booking.driverId === null) return;
  const [driver] = await tx.select().from(drivers).where(eq(drivers.id, booking.driverId));
  const number = driver ? toE164(driver.phone) : undefined;
  if (!driver || !number || !canReceiveTexts(number)) return;
  const language = firstSpokenLanguage(driver.languages);
  const t = mailI18n.getFixedT(language, 'mail');
  const local = { ...times, before: parisDateTime(before, language), after: parisDateTime(pickupAt, language) };
  const body = isReturn ? t('text.flightMovedReturn', local) : t('text.flightMoved', local);
  await enqueueText(tx, { kind: 'flight_moved_driver', channel: deps.config.SMS_CHANNEL, to: number, body, bookingId: booking.id, dedupeKey: `${key}:text` });
}

/** A delay that could not move the pickup: the company decides (another car, another chauffeur, a call). */
export async function queueFlightRefusedMail(tx: DbOrTx, deps: FlightMailDeps, booking: BookingWithStops, alert: { reason: FlightAlertReason; pickupAt: string }, leg: FlightLeg = 'outbound'): Promise<void> {
  const { flight, pickupAt, isReturn, key } = legOf(booking, leg);
  const fr = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const values = { id: booking.id, flight, booked: parisDateTime(pickupAt), after: parisDateTime(new Date(alert.pickupAt)) };
  await queueCompanyMail(tx, deps, booking, {
    kind: 'flight_refused_company',
    flight,
    subject: (values) => fr('flightRefusedCompany.subject', values),
    dedupeKey: `${key}:refused:${alert.pickupAt}`,
    lines: [isReturn ? fr('flightRefusedCompany.bodyReturn', values) : fr('flightRefusedCompany.body', values), fr(`flightRefusedCompany.reasons.${alert.reason}`)],
  });
}

/** The flight is cancelled: flagged on the booking, the company told once. */
export async function queueFlightCancelledMail(tx: DbOrTx, deps: FlightMailDeps, booking: BookingWithStops, leg: FlightLeg = 'outbound'): Promise<void> {
  const { flight, pickupAt, isReturn, key } = legOf(booking, leg);
  const fr = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const values = { id: booking.id, flight, booked: parisDateTime(pickupAt) };
  await queueCompanyMail(tx, deps, booking, {
    kind: 'flight_cancelled_company',
    flight,
    subject: (values) => fr('flightCancelledCompany.subject', values),
    dedupeKey: `${key}:cancelled:${flight}`,
    lines: [isReturn ? fr('flightCancelledCompany.bodyReturn', values) : fr('flightCancelledCompany.body', values)],
  });
}
