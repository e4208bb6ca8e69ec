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
import { COMPANY_LANGUAGE, parisDateTime, routeText, tripLines } from './booking-mail-details.ts';
import { forCompany, mailData } from './booking-mails.ts';

/**
 * What a followed flight tells the company and the chauffeur (decision 0144), each under a key
 * naming the booking and the new time: the job run again queues nothing twice. The customer's and
 * the chauffeur's mails of a moved pickup are the change's own (booking-change-mails.ts).
 */

type FlightMailDeps = { config: Pick<Config, 'COMPANY_EMAIL' | 'SMS_CHANNEL'> };

async function queueCompanyMail(tx: DbOrTx, deps: FlightMailDeps, booking: BookingWithStops, notice: { kind: string; subject: (values: Record<string, string | number>) => string; dedupeKey: string; lines: string[] }): Promise<void> {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const { data } = await mailData(tx, booking, COMPANY_LANGUAGE);
  const company = forCompany(data, booking);
  const values = { id: booking.id, flight: booking.flightNumber ?? '', route: routeText(company) };
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

/** The pickup moved with the flight: the company is told by mail, the chauffeur by text beside the change's mail. */
export async function queueFlightMovedNotices(tx: DbOrTx, deps: FlightMailDeps, booking: BookingWithStops, before: Date): Promise<void> {
  const key = `flight:${booking.id}:moved:${booking.pickupAt.toISOString()}:${booking.calendarSequence + 1}`;
  const fr = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const times = { before: parisDateTime(before), after: parisDateTime(booking.pickupAt), flight: booking.flightNumber ?? '', id: booking.id };
  await queueCompanyMail(tx, deps, booking, { kind: 'flight_moved_company', subject: (values) => fr('flightMovedCompany.subject', values), dedupeKey: key, lines: [fr('flightMovedCompany.body', times)] });
  if (booking.driverId === null) return;
  const [driver] = await tx.select().from(drivers).where(eq(drivers.id, booking.driverId));
  const number = driver ? toE164(driver.phone) : undefined;
  if (!driver || !number || !canReceiveTexts(number)) return;
  const language = firstSpokenLanguage(driver.languages);
  const t = mailI18n.getFixedT(language, 'mail');
  const body = t('text.flightMoved', { ...times, before: parisDateTime(before, language), after: parisDateTime(booking.pickupAt, language) });
  await enqueueText(tx, { kind: 'flight_moved_driver', channel: deps.config.SMS_CHANNEL, to: number, body, bookingId: booking.id, dedupeKey: `${key}:text` });
}

/** A delay that could not move the pickup: the company decides (another car, another chauffeur, a call). */
export async function queueFlightRefusedMail(tx: DbOrTx, deps: FlightMailDeps, booking: BookingWithStops, alert: { reason: FlightAlertReason; pickupAt: string }): Promise<void> {
  const fr = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const values = { id: booking.id, flight: booking.flightNumber ?? '', booked: parisDateTime(booking.pickupAt), after: parisDateTime(new Date(alert.pickupAt)) };
  await queueCompanyMail(tx, deps, booking, {
    kind: 'flight_refused_company',
    subject: (values) => fr('flightRefusedCompany.subject', values),
    dedupeKey: `flight:${booking.id}:refused:${alert.pickupAt}`,
    lines: [fr('flightRefusedCompany.body', values), fr(`flightRefusedCompany.reasons.${alert.reason}`)],
  });
}

/** The flight is cancelled: flagged on the booking, the company told once. */
export async function queueFlightCancelledMail(tx: DbOrTx, deps: FlightMailDeps, booking: BookingWithStops): Promise<void> {
  const fr = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  await queueCompanyMail(tx, deps, booking, {
    kind: 'flight_cancelled_company',
    subject: (values) => fr('flightCancelledCompany.subject', values),
    dedupeKey: `flight:${booking.id}:cancelled:${booking.flightNumber ?? ''}`,
    lines: [fr('flightCancelledCompany.body', { id: booking.id, flight: booking.flightNumber ?? '', booked: parisDateTime(booking.pickupAt) })],
  });
}
