import { firstSpokenLanguage, type Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { renderMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { enqueueAccountMail } from '../../accounts/auth/email-verification.ts';
import { accountOf, mailData, missionLines, parisDateTime, routeText, trackingLink, type BookingWithStops } from '../../booking/booking-public.ts';
import type { DriverRow } from '../drivers/drivers-repository.ts';

type MailDeps = { config: Pick<Config, 'PUBLIC_URL'> };
type AssignedCar = { name: string; model: string; number: string };

/** The chauffeur reads their mail in the first of their languages (list order: fr, en, ar first) the product speaks, else French. */
export function driverMailLanguage(driver: Pick<DriverRow, 'languages'>): Language {
  return firstSpokenLanguage(driver.languages);
}

export const missionUrl = (deps: MailDeps, bookingId: number, token: string) =>
  `${deps.config.PUBLIC_URL}/mission?id=${bookingId}&token=${encodeURIComponent(token)}`;

/** To the chauffeur: their signed link to the mission (decision 0083). */
export async function queueMissionLinkMail(
  tx: DbOrTx,
  deps: MailDeps,
  booking: BookingWithStops,
  driver: DriverRow,
  link: { token: string; expiresAt: Date },
): Promise<void> {
  const language = driverMailLanguage(driver);
  const { data } = await mailData(tx, booking, language);
  const t = mailI18n.getFixedT(language, 'mail');
  const mail = renderMail(language, {
    subject: t('missionLink.subject', { id: booking.id, route: routeText(data), time: parisDateTime(booking.pickupAt) }),
    greeting: t('greeting', { name: driver.fullName }),
    paragraphs: [t('missionLink.body'), ...missionLines(language, data)],
    action: { label: t('missionLink.action'), url: missionUrl(deps, booking.id, link.token) },
    footnotes: [t('missionLink.note', { until: parisDateTime(link.expiresAt) })],
    signature: t('signature'),
  });
  await enqueueMail(tx, { bookingId: booking.id, kind: 'mission_link', to: driver.email, ...mail });
}

/** To the customer, in the booking's language: who drives them, in which car, and how to call. */
export async function queueYourChauffeurMail(tx: DbOrTx, booking: BookingWithStops, driver: DriverRow, car: AssignedCar): Promise<void> {
  const { data } = await mailData(tx, booking);
  const language = booking.language;
  const t = mailI18n.getFixedT(language, 'mail');
  const mail = renderMail(language, {
    subject: t('yourChauffeur.subject', { id: booking.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [
      t('yourChauffeur.body', { time: parisDateTime(booking.pickupAt) }),
      t('yourChauffeur.driver', { name: driver.fullName }),
      t('yourChauffeur.car', { car: `${car.name} (${car.model})`, plate: car.number }),
      t('yourChauffeur.phone', { phone: formatPhone(driver.phone) }),
    ],
    footnotes: [t('yourChauffeur.note')],
    signature: t('signature'),
  });
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'your_chauffeur', ...mail });
}

/**
 * To the guest a company member booked for (decision 0141), when they gave an e-mail: who drives
 * them, in which car, where and when, in the passenger's own language; the price only when the
 * company shows it. The booker gets their own copy (queueYourChauffeurMail).
 */
export async function queuePassengerChauffeurMail(tx: DbOrTx, booking: BookingWithStops, driver: DriverRow, car: AssignedCar): Promise<void> {
  const passenger = booking.passenger;
  if (!passenger?.email) return;
  const language = passenger.language;
  const { data } = await mailData(tx, booking, language);
  const t = mailI18n.getFixedT(language, 'mail');
  const place = [booking.address, booking.city].filter(Boolean).join(', ');
  const lines = [
    t('trip.route', { route: routeText(data, language) }),
    t('trip.pickup', { time: parisDateTime(booking.pickupAt, language) }),
    ...(place ? [t('passengerChauffeur.place', { place })] : []),
    t('yourChauffeur.driver', { name: driver.fullName }),
    t('yourChauffeur.car', { car: `${car.name} (${car.model})`, plate: car.number }),
    t('yourChauffeur.phone', { phone: formatPhone(driver.phone) }),
  ];
  if (booking.showPrice && booking.totalCents !== null) lines.push(t('trip.total', { amount: formatEuros(booking.totalCents, language) }));
  const mail = renderMail(language, {
    subject: t('passengerChauffeur.subject', { id: booking.id }),
    greeting: t('greeting', { name: passenger.fullName }),
    paragraphs: [t('passengerChauffeur.body', { booker: data.fullName }), ...lines],
    footnotes: [t('yourChauffeur.note')],
    signature: t('signature'),
  });
  await enqueueMail(tx, { bookingId: booking.id, kind: 'passenger_chauffeur', to: passenger.email, ...mail });
}

/** To the customer when the chauffeur sets off, with the link of the tracking page (decision 0132). */
export async function queueChauffeurEnRouteMail(
  tx: DbOrTx,
  config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET'>,
  booking: BookingWithStops,
  driver: DriverRow,
): Promise<void> {
  const { data } = await mailData(tx, booking);
  const language = booking.language;
  const t = mailI18n.getFixedT(language, 'mail');
  const place = [booking.address, booking.city].filter(Boolean).join(', ') || data.origin;
  const mail = renderMail(language, {
    subject: t('chauffeurEnRoute.subject', { id: booking.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [
      t('chauffeurEnRoute.body', { name: driver.fullName, place, time: parisDateTime(booking.pickupAt) }),
      t('chauffeurEnRoute.phone', { phone: formatPhone(driver.phone) }),
      t('chauffeurEnRoute.tracking'),
    ],
    action: { label: t('chauffeurEnRoute.action'), url: trackingLink(config, booking.id) },
    signature: t('signature'),
  });
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'chauffeur_en_route', ...mail });
}

/**
 * To the company, in French, when the chauffeur reports "client absent" (decision 0117): the trip
 * stays open until the company confirms it, so it must hear of it at once.
 */
export async function queueNoShowReportedCompanyMail(
  tx: DbOrTx,
  deps: { config: Pick<Config, 'PUBLIC_URL' | 'COMPANY_EMAIL'> },
  booking: BookingWithStops,
  driver: DriverRow,
): Promise<void> {
  const { data } = await mailData(tx, booking, 'fr');
  const t = mailI18n.getFixedT('fr', 'mail');
  const place = [booking.address, booking.city].filter(Boolean).join(', ') || data.origin;
  const mail = renderMail('fr', {
    subject: t('tripEnd.noShowReportedCompany.subject', { id: booking.id, route: routeText(data) }),
    greeting: t('greetingNoName'),
    paragraphs: [t('tripEnd.noShowReportedCompany.body', { driver: driver.fullName, place, time: parisDateTime(booking.pickupAt) })],
    action: { label: t('tripEnd.noShowReportedCompany.action'), url: `${deps.config.PUBLIC_URL}/bookings?q=${booking.id}` },
    footnotes: [t('tripEnd.noShowReportedCompany.note')],
    signature: t('signature'),
  });
  await enqueueMail(tx, { bookingId: booking.id, kind: 'no_show_reported_company', to: deps.config.COMPANY_EMAIL, ...mail });
}
