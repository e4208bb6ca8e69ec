import { placeTitle } from '@vtc/shared/places/fixed-places';
import { formatPhone, toE164 } from '@vtc/shared/phone/phone-number';
import { canReceiveTexts } from '@vtc/shared/phone/text-number';
import type { Config } from '../../config.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { enqueueText } from '../../platform/mail/outbox.ts';
import { textTemplate } from '../../platform/texts/whatsapp-templates.ts';
import {
  firstName,
  mailData,
  meetingPointOf,
  parisDateTime,
  queueCustomerText,
  routeText,
  type BookingWithStops,
  trackingLink,
  type TextDeps,
} from '../../booking/booking-public.ts';
import type { DriverRow } from '../drivers/drivers-repository.ts';
import { driverMailLanguage, missionUrl } from './mission-mails.ts';

/**
 * The texts of a trip's running (decision 0130): to the customer who agreed to texts, when the
 * chauffeur is assigned, sets off and arrives; to the chauffeur, their mission link. Each is queued
 * with the change that causes it, beside its mail.
 */

type MissionTextDeps = TextDeps & { config: Pick<Config, 'PUBLIC_URL' | 'JWT_SECRET'> };
type AssignedCar = { name: string; model: string; number: string };

/** To the customer: who drives them (first name), in which car, its plate, and how to call. */
export async function queueChauffeurAssignedText(tx: DbOrTx, deps: TextDeps, booking: BookingWithStops, driver: DriverRow, car: AssignedCar): Promise<void> {
  const language = booking.language;
  const t = mailI18n.getFixedT(language, 'mail');
  const values = {
    time: parisDateTime(booking.pickupAt, language),
    name: firstName(driver.fullName),
    car: car.name,
    plate: car.number,
    phone: formatPhone(driver.phone),
  };
  const body = t('text.chauffeurAssigned', values);
  await queueCustomerText(tx, deps, booking, { kind: 'your_chauffeur', body, template: textTemplate('your_chauffeur', language, values) });
}

/** To the customer when the chauffeur sets off, with the signed link to follow the car (decision 0132). */
export async function queueEnRouteText(tx: DbOrTx, deps: MissionTextDeps, booking: BookingWithStops, driver: DriverRow): Promise<void> {
  const language = booking.language;
  const t = mailI18n.getFixedT(language, 'mail');
  const place = meetingPointOf(booking, placeTitle(booking.origin, language));
  const values = { name: firstName(driver.fullName), place, time: parisDateTime(booking.pickupAt, language), url: trackingLink(deps.config, booking.id) };
  const lines = [t('text.enRoute', values), t('text.enRouteTracking', values)];
  const template = textTemplate('chauffeur_en_route', language, values);
  await queueCustomerText(tx, deps, booking, { kind: 'chauffeur_en_route', body: lines.join(' '), template });
}

/** To the customer when the chauffeur is there: where they wait, and the number to call. */
export async function queueOnSiteText(tx: DbOrTx, deps: TextDeps, booking: BookingWithStops, driver: DriverRow): Promise<void> {
  const language = booking.language;
  const t = mailI18n.getFixedT(language, 'mail');
  const values = {
    name: firstName(driver.fullName),
    place: meetingPointOf(booking, placeTitle(booking.origin, language)),
    phone: formatPhone(driver.phone),
  };
  const body = t('text.onSite', values);
  await queueCustomerText(tx, deps, booking, { kind: 'chauffeur_on_site', body, template: textTemplate('chauffeur_on_site', language, values) });
}

/**
 * To the chauffeur, in their language: the mission and its signed link (decision 0083). A
 * chauffeur's number is the company's record, not a customer's: no consent is asked, but a number
 * that cannot receive texts gets none.
 */
export async function queueMissionLinkText(
  tx: DbOrTx,
  deps: MissionTextDeps,
  booking: BookingWithStops,
  driver: DriverRow,
  token: string,
): Promise<void> {
  const number = toE164(driver.phone);
  if (!number || !canReceiveTexts(number)) return;
  const language = driverMailLanguage(driver);
  const { data } = await mailData(tx, booking, language);
  const t = mailI18n.getFixedT(language, 'mail');
  const values = {
    id: booking.id,
    time: parisDateTime(booking.pickupAt, language),
    route: routeText(data, language),
    url: missionUrl(deps, booking.id, token),
  };
  const body = t('text.missionLink', values);
  const template = textTemplate('mission_link', language, values);
  await enqueueText(tx, { kind: 'mission_link', channel: deps.config.SMS_CHANNEL, to: number, body, template, bookingId: booking.id });
}
