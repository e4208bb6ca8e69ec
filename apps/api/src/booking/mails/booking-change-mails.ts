import { eq } from 'drizzle-orm';
import type { ChangeField } from '@vtc/shared/booking/booking-change-schemas';
import { firstSpokenLanguage, type Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import type { DbOrTx } from '../../platform/db/client.ts';
import { drivers, type ChangeLineValue } from '../../platform/db/schema.ts';
import { leftToRight, listPlaces, renderMail, type RenderedMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { enqueueAccountMail } from '../../accounts/auth/email-verification.ts';
import { accountOf, type BookingWithStops } from '../bookings-repository.ts';
import { bookingCalendar, COMPANY_LANGUAGE, customerLines, parisDateTime, routeText, tripLines, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';
import { extrasOf, forCompany, host, mailData, type MailDeps } from './booking-mails.ts';

/**
 * What a change does to the money: deposit still to pay (with its page when it is paid online), or
 * given back, with the numbers of the credit notes that credit it (decision 0162).
 */
export type ChangeMoney = { dueCents: number; checkoutUrl: string | null; refundCents: number; creditNotes?: readonly string[] };

const counts = (value: string) => value.split('/').map(Number) as [number, number, number];

/** One value of a change line, the reader's way (see ChangeLine in packages/shared for the data). */
function lineValue(language: Language, field: ChangeField, value: string | null): string {
  const t = mailI18n.getFixedT(language, 'mail');
  if (value === null || value === '') return t('bookingChange.none');
  switch (field) {
    case 'pickup':
    case 'return':
      return parisDateTime(new Date(value), language);
    case 'route':
      // Its places stay apart by dots: the arrow is what separates before from after.
      return listPlaces(language, value.split(' · '));
    case 'price':
      return formatEuros(Number(value), language);
    case 'party': {
      const [adults, children, childrenSeat] = counts(value);
      return t('bookingChange.party', { adults, children, childrenSeat });
    }
    case 'luggage': {
      const [under10kg, above10kg, above30kg] = counts(value);
      return t('bookingChange.luggage', { under10kg, above10kg, above30kg });
    }
    case 'flightNumber':
    case 'trainNumber':
      return leftToRight(language, value);
    default:
      return value;
  }
}

/** "Prise en charge : 10/03/2027 10:00 → 10/03/2027 12:00", a line per thing that changes. */
export function changeText(language: Language, lines: readonly ChangeLineValue[]): string[] {
  const t = mailI18n.getFixedT(language, 'mail');
  const arrow = language === 'ar' ? '←' : '→';
  return lines.map((line) => {
    const field = line.field as ChangeField;
    return t('bookingChange.line', {
      field: t(`bookingChange.fields.${field}`),
      before: lineValue(language, field, line.before),
      after: lineValue(language, field, line.after),
      arrow,
    });
  });
}

function moneyLines(language: Language, money: ChangeMoney): string[] {
  const t = mailI18n.getFixedT(language, 'mail');
  const lines: string[] = [];
  if (money.dueCents > 0) {
    const amount = formatEuros(money.dueCents, language);
    lines.push(money.checkoutUrl ? t('bookingChange.dueLink', { amount }) : t('bookingChange.dueOnBoard', { amount }));
  }
  if (money.refundCents > 0) lines.push(t('bookingChange.refund', { amount: formatEuros(money.refundCents, language) }));
  for (const number of money.creditNotes ?? []) lines.push(t('bookingChange.creditNote', { number }));
  return lines;
}

/** To the customer: what changed, the money it moves, the trip as it is now and its calendar file (same UID, higher SEQUENCE). */
export function bookingChangedMail(
  language: Language,
  data: BookingMailData,
  change: { lines: readonly ChangeLineValue[]; money: ChangeMoney; requestAccepted: boolean },
  extras: CustomerMailExtras,
): RenderedMail {
  const t = mailI18n.getFixedT(language, 'mail');
  return renderMail(language, {
    subject: t('bookingChange.subject', { id: data.id }),
    greeting: t('greeting', { name: data.fullName }),
    paragraphs: [t(change.requestAccepted ? 'bookingChange.bodyAccepted' : 'bookingChange.body'), ...changeText(language, change.lines), ...moneyLines(language, change.money)],
    details: [...tripLines(language, data), ...customerLines(language, data)],
    ...(change.money.checkoutUrl && change.money.dueCents > 0 ? { action: { label: t('bookingChange.payAction'), url: change.money.checkoutUrl } } : {}),
    links: [{ label: t('customer.manage'), url: extras.manageUrl }],
    footnotes: [t('bookingChange.calendar')],
    signature: t('signature'),
    company: extras.company,
  });
}

/**
 * A change applied (decision 0120): the customer's mail with the updated .ics, the chauffeur's if
 * one is assigned (in their language), and the company's when the customer made it.
 */
export async function queueBookingChangedMails(
  tx: DbOrTx,
  deps: MailDeps,
  booking: BookingWithStops,
  change: { lines: readonly ChangeLineValue[]; money: ChangeMoney; requestAccepted: boolean; byCustomer: boolean },
): Promise<void> {
  const { data } = await mailData(tx, booking);
  const calendar = bookingCalendar(booking.language, data, host(deps));
  await enqueueAccountMail(tx, accountOf(booking), {
    bookingId: booking.id,
    kind: 'booking_changed',
    ...bookingChangedMail(booking.language, data, change, extrasOf(deps, booking)),
    attachments: [calendar],
  });
  if (booking.driverId !== null) {
    const [driver] = await tx.select().from(drivers).where(eq(drivers.id, booking.driverId));
    if (driver) {
      const language = firstSpokenLanguage(driver.languages);
      const t = mailI18n.getFixedT(language, 'mail');
      const driverData = (await mailData(tx, booking, language)).data;
      const mail = renderMail(language, {
        subject: t('bookingChangeDriver.subject', { id: booking.id, time: parisDateTime(booking.pickupAt, language) }),
        greeting: t('greeting', { name: driver.fullName }),
        paragraphs: [t('bookingChangeDriver.body'), ...changeText(language, change.lines)],
        details: tripLines(language, driverData).filter((_, index) => index < 6),
        signature: t('signature'),
      });
      await enqueueMail(tx, { bookingId: booking.id, kind: 'booking_changed_driver', to: driver.email, ...mail });
    }
  }
  if (change.byCustomer) {
    await queueCompanyChangeMail(tx, deps, booking, data, { kind: 'booking_changed_company', keys: 'bookingChangeCompany', lines: change.lines });
  }
}

/** The company's notice of a change or a request, in French, with what changes and the trip. */
async function queueCompanyChangeMail(
  tx: DbOrTx,
  deps: MailDeps,
  booking: BookingWithStops,
  data: BookingMailData,
  notice: { kind: string; keys: 'bookingChangeCompany' | 'changeRequestCompany'; lines: readonly ChangeLineValue[]; notes?: string[] },
): Promise<void> {
  const t = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const company = forCompany(data, booking);
  await enqueueMail(tx, {
    bookingId: booking.id,
    kind: notice.kind,
    to: deps.config.COMPANY_EMAIL,
    replyTo: data.email || undefined,
    ...renderMail(COMPANY_LANGUAGE, {
      subject: t(`${notice.keys}.subject`, { id: booking.id, route: routeText(company) }),
      greeting: t('greetingNoName'),
      paragraphs: [
        t(`${notice.keys}.body`, { id: booking.id, name: data.fullName }),
        ...changeText(COMPANY_LANGUAGE, notice.lines),
        ...(notice.notes ?? []),
        ...tripLines(COMPANY_LANGUAGE, company),
      ],
      signature: t('signature'),
    }),
  });
}

/** A customer's request waits for the company (decision 0120): the company is asked, the customer told it was received. */
export async function queueChangeRequestedMails(
  tx: DbOrTx,
  deps: MailDeps,
  booking: BookingWithStops,
  request: { lines: readonly ChangeLineValue[]; needsOtherCar: boolean },
): Promise<void> {
  const { data } = await mailData(tx, booking);
  const t = mailI18n.getFixedT(booking.language, 'mail');
  await enqueueAccountMail(tx, accountOf(booking), {
    bookingId: booking.id,
    kind: 'change_requested',
    ...renderMail(booking.language, {
      subject: t('changeRequestReceived.subject', { id: booking.id }),
      greeting: t('greeting', { name: data.fullName }),
      paragraphs: [t('changeRequestReceived.body'), ...changeText(booking.language, request.lines)],
      links: [{ label: t('customer.manage'), url: extrasOf(deps, booking).manageUrl }],
      signature: t('signature'),
      company: extrasOf(deps, booking).company,
    }),
  });
  const fr = mailI18n.getFixedT(COMPANY_LANGUAGE, 'mail');
  const notes = request.needsOtherCar ? [fr('changeRequestCompany.otherCar')] : [];
  await queueCompanyChangeMail(tx, deps, booking, data, { kind: 'change_requested_company', keys: 'changeRequestCompany', lines: request.lines, notes });
}

/** The company refused a customer's request: the booking stays as it was. */
export async function queueChangeRefusedMail(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops, refusal: { lines: readonly ChangeLineValue[]; reason: string | null }): Promise<void> {
  const { data } = await mailData(tx, booking);
  const t = mailI18n.getFixedT(booking.language, 'mail');
  await enqueueAccountMail(tx, accountOf(booking), {
    bookingId: booking.id,
    kind: 'change_refused',
    ...renderMail(booking.language, {
      subject: t('changeRequestRefused.subject', { id: booking.id }),
      greeting: t('greeting', { name: data.fullName }),
      paragraphs: [
        t('changeRequestRefused.body'),
        ...(refusal.reason ? [t('changeRequestRefused.reason', { reason: refusal.reason })] : []),
        t('changeRequestRefused.asked'),
        ...changeText(booking.language, refusal.lines),
      ],
      details: tripLines(booking.language, data),
      links: [{ label: t('customer.manage'), url: extrasOf(deps, booking).manageUrl }],
      signature: t('signature'),
      company: extrasOf(deps, booking).company,
    }),
  });
}
