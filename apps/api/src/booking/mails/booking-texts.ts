import { eq } from 'drizzle-orm';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { cars } from '../../platform/db/schema.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { enqueueAccountText } from '../../accounts/texts/account-texts.ts';
import { textTemplate, type TextTemplate } from '../../platform/texts/whatsapp-templates.ts';
import { accountOf, findChauffeur, type BookingWithStops } from '../bookings-repository.ts';
import { parisDateTime } from './booking-mail-details.ts';
import { meetingPointOf } from './booking-mails.ts';

/**
 * A booking's texts to its customer (decision 0130): short, in the booking's language (the `text.*`
 * keys of the mail catalogue), queued
 * with the change that causes them beside its mail, and only when the account agreed to texts
 * (accounts/texts/account-texts.ts decides, and to which number).
 */

export type TextDeps = { config: Pick<Config, 'SMS_CHANNEL' | 'COMPANY_PHONE'> };

/** The first name a text gives of a chauffeur ("Karim" of "Karim Benali"). */
export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/** Queues a text about the booking to its customer; resolves with whether it was queued (consent, a number that takes texts). */
export async function queueCustomerText(
  tx: DbOrTx,
  deps: TextDeps,
  booking: BookingWithStops,
  text: { kind: string; body: string; template: TextTemplate; dedupeKey?: string },
): Promise<boolean> {
  return enqueueAccountText(tx, accountOf(booking), {
    ...text,
    channel: deps.config.SMS_CHANNEL,
    bookingId: booking.id,
    // The number typed at step three for this trip, else the profile's.
    phone: booking.phone,
  });
}

/** Accepted with a deposit to pay: the link of the deposit page, as in the acceptance mail. */
export async function queueBookingAcceptedText(tx: DbOrTx, deps: TextDeps, booking: BookingWithStops, checkoutUrl: string): Promise<void> {
  const t = mailI18n.getFixedT(booking.language, 'mail');
  const values = { id: booking.id, time: parisDateTime(booking.pickupAt, booking.language), url: checkoutUrl };
  const body = t('text.bookingAccepted', values);
  await queueCustomerText(tx, deps, booking, { kind: 'booking_accepted', body, template: textTemplate('booking_accepted', booking.language, values) });
}

/** Accepted, paid on board (decision 0117): confirmed, nothing to pay now. */
export async function queueCashConfirmedText(tx: DbOrTx, deps: TextDeps, booking: BookingWithStops): Promise<void> {
  const t = mailI18n.getFixedT(booking.language, 'mail');
  const values = { id: booking.id, time: parisDateTime(booking.pickupAt, booking.language) };
  const body = t('text.cashConfirmed', values);
  await queueCustomerText(tx, deps, booking, { kind: 'cash_confirmed', body, template: textTemplate('cash_confirmed', booking.language, values) });
}

/**
 * The reminder before pickup, under the reminder job's key (one text whatever runs again): when,
 * where, and the chauffeur and car when assigned, else the company's phone.
 */
export async function queuePickupReminderText(tx: DbOrTx, deps: TextDeps, booking: BookingWithStops, dedupeKey: string): Promise<void> {
  const language = booking.language;
  const t = mailI18n.getFixedT(language, 'mail');
  const driver = await findChauffeur(tx, booking.driverId);
  const [car] = booking.carId === null ? [] : await tx.select({ name: cars.name, plate: cars.number }).from(cars).where(eq(cars.id, booking.carId));
  const place = meetingPointOf(booking, placeTitle(booking.origin, language));
  const when = { time: parisDateTime(booking.pickupAt, language), place, companyPhone: deps.config.COMPANY_PHONE };
  const chauffeur = driver && car ? { name: firstName(driver.fullName), car: car.name, plate: car.plate, phone: formatPhone(driver.phone) } : undefined;
  const lines = [t('text.reminder', when)];
  if (chauffeur) lines.push(t('text.reminderDriver', chauffeur));
  lines.push(t('text.reminderCompany', { phone: deps.config.COMPANY_PHONE }));
  const template = chauffeur ? textTemplate('pickup_reminder', language, { ...when, ...chauffeur }) : textTemplate('pickup_reminder_unassigned', language, when);
  await queueCustomerText(tx, deps, booking, { kind: 'pickup_reminder', body: lines.join(' '), template, dedupeKey });
}
