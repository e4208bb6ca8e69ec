import { firstSpokenLanguage, type Language } from '@vtc/shared/i18n/languages';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { renderMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { enqueueAccountMail } from '../../accounts/auth/email-verification.ts';
import { accountOf, mailData, missionLines, parisDateTime, routeText, type BookingWithStops } from '../../booking/booking-public.ts';
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

/** To the customer when the chauffeur sets off. */
export async function queueChauffeurEnRouteMail(tx: DbOrTx, booking: BookingWithStops, driver: DriverRow): Promise<void> {
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
    ],
    signature: t('signature'),
  });
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'chauffeur_en_route', ...mail });
}
