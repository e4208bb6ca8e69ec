import { eq } from 'drizzle-orm';
import { isLanguage } from '@vtc/shared/i18n/languages';
import type { DbOrTx } from '../../platform/db/client.ts';
import { drivers } from '../../platform/db/schema.ts';
import { renderMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { BookingWithStops } from '../bookings-repository.ts';
import { missionLines, parisDateTime, routeText } from './booking-mail-details.ts';
import { mailData } from './booking-mails.ts';

/**
 * To the chauffeur assigned, when the company cancels the trip (decision 0121): in the first of
 * their languages the product speaks, the trip and the company's reason; their mission link
 * already says the trip is off (decision 0109). Nothing when no chauffeur is assigned.
 */
export async function queueChauffeurCancelledMail(tx: DbOrTx, booking: BookingWithStops, reason: string): Promise<void> {
  if (booking.driverId === null) return;
  const [driver] = await tx
    .select({ fullName: drivers.fullName, email: drivers.email, languages: drivers.languages })
    .from(drivers)
    .where(eq(drivers.id, booking.driverId));
  if (!driver) return;
  const language = driver.languages.find(isLanguage) ?? 'fr';
  const { data } = await mailData(tx, booking, language);
  const t = mailI18n.getFixedT(language, 'mail');
  const mail = renderMail(language, {
    subject: t('companyCancel.chauffeurSubject', { id: booking.id, route: routeText(data), time: parisDateTime(booking.pickupAt) }),
    greeting: t('greeting', { name: driver.fullName }),
    paragraphs: [t('companyCancel.chauffeurBody'), t('companyCancel.reason', { reason }), ...missionLines(language, data)],
    signature: t('signature'),
  });
  await enqueueMail(tx, { bookingId: booking.id, kind: 'booking_cancelled_chauffeur', to: driver.email, ...mail });
}
