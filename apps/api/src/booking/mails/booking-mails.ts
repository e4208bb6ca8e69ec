import { eq } from 'drizzle-orm';
import type { Language } from '@vtc/shared/i18n/languages';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import type { Config } from '../../config.ts';
import { flightsFollowed } from '../../platform/flights/flight-providers.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { cars, users } from '../../platform/db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { enqueueAccountMail } from '../../accounts/auth/email-verification.ts';
import { bookingAcceptedMail } from './booking-accepted-mail.ts';
import { bookingCancelledCompanyMail, bookingCancelledMail, type CancellationTerms } from './booking-cancelled-mail.ts';
import { depositPaidCompanyMail, depositPaidMail, paymentForClosedBookingCompanyMail } from './booking-deposit-paid-mail.ts';
import { bookingCalendar, manageBookingUrl, type BookingMailData, type CustomerMailExtras } from './booking-mail-details.ts';
import { mailCompany } from '../../platform/mail/layout.ts';
import { bookingNewCompanyMail } from './booking-new-company-mail.ts';
import { bookingReceivedMail } from './booking-received-mail.ts';
import { bookingLapsedCompanyMail, bookingRejectedMail } from './booking-rejected-mail.ts';
import { depositLinkMail } from './deposit-link-mail.ts';
import { companyRefundMail } from './company-refund-mail.ts';
import { cashConfirmedCompanyMail, cashConfirmedMail, noShowMail, onAccountConfirmedCompanyMail, onAccountConfirmedMail } from './booking-trip-end-mails.ts';
import { pendingReminderCompanyMail, pickupReminderMail } from './booking-reminder-mails.ts';
import { accountOf, findChauffeur, type BookingWithStops } from '../bookings-repository.ts';
import { readHireFacts } from '../hire-end/hire-facts.ts';
import { partyOf } from '../booking-party.ts';
import { DECISION_TOKEN_DAYS } from '../booking-tokens.ts';
import { bookingTerms, type WaitingConfig } from '../booking-terms.ts';

/**
 * Booking mails, always queued with the transaction of the change that causes them
 * (decisions 6): the customer's in the booking's language, the company's in French. A customer
 * mail goes to the account's own address and is held until that address is verified; the
 * e-mail typed at step three is shown to the company, never mailed to (decision 0053).
 */

export type MailDeps = { config: Pick<Config, 'PUBLIC_URL' | 'COMPANY_EMAIL' | 'COMPANY_LEGAL_NAME' | 'COMPANY_PHONE' | 'COMPANY_WHATSAPP'> & WaitingConfig };
export type ReminderMailDeps = { config: Pick<Config, 'PUBLIC_URL' | 'COMPANY_EMAIL' | 'COMPANY_LEGAL_NAME' | 'COMPANY_PHONE' | 'COMPANY_WHATSAPP' | 'AIRPORT_MEETING_NOTE' | 'FLIGHTS_PROVIDER' | 'FLIGHTS_API_KEY'> & WaitingConfig };
type Recipient = { data: BookingMailData };

/** The route's place names in a reader's language: fixed places by their id (decision 0098). */
function routeIn(booking: BookingWithStops, language: Language) {
  return {
    origin: placeTitle(booking.origin, language),
    destination: placeTitle(booking.destination, language),
    stops: booking.stops.map((stop) => placeTitle(stop, language)),
  };
}

/** The mail data for the company, which reads French whatever the customer's language. */
export const forCompany = (data: BookingMailData, booking: BookingWithStops): BookingMailData => ({ ...data, ...routeIn(booking, 'fr') });

/**
 * The booking as mails show it; contact details typed at step three win over the account's. Place
 * names are in the reader's language: the booking's by default, the chauffeur's for their mails.
 */
export async function mailData(tx: DbOrTx, booking: BookingWithStops, language: Language = booking.language): Promise<Recipient> {
  const [row] = await tx
    .select({ fullName: users.fullName, email: users.email, verifiedAt: users.emailVerifiedAt, phone: users.phone, carName: cars.name })
    .from(users)
    .leftJoin(cars, eq(cars.id, booking.carId ?? 0))
    .where(eq(users.id, accountOf(booking)))
    .limit(1);
  const email = booking.email ?? row?.email ?? '';
  const facts = await readHireFacts(tx, booking);
  return {
    data: {
      id: booking.id,
      calendarSequence: booking.calendarSequence,
      fullName: booking.fullName ?? row?.fullName ?? '',
      email,
      phone: booking.phone ?? row?.phone ?? '',
      accountEmail: { address: row?.email ?? '', verified: Boolean(row?.verifiedAt) },
      ...routeIn(booking, language),
      pickupAt: booking.pickupAt,
      returnAt: booking.returnRent ? booking.returnAt : null,
      ...partyOf(booking),
      carName: row?.carName ?? null,
      distanceKm: booking.distanceKm,
      distanceEstimated: booking.distanceEstimated,
      totalCents: booking.totalCents,
      depositCents: booking.depositCents,
      // A company member's booking is on account (decision 0142): no way of paying to state.
      paymentMethod: booking.companyId === null ? booking.paymentMethod : null,
      hire: facts && {
        serviceType: facts.serviceType,
        hours: facts.hours,
        days: facts.days,
        tourName: facts.tourName,
        programme: facts.programme,
        hasDropOff: facts.hasDropOff,
        endsAt: facts.endsAt,
        periods: facts.periods,
      },
      details: {
        address: booking.address,
        city: booking.city,
        arriveTime: booking.arriveTime,
        arriveFrom: booking.arriveFrom,
        flightNumber: booking.flightNumber,
        trainNumber: booking.trainNumber,
        message: booking.message,
        returnAddress: booking.returnAddress,
        returnCity: booking.returnCity,
        returnArriveTime: booking.returnArriveTime,
        returnFlightNumber: booking.returnFlightNumber,
        returnTrainNumber: booking.returnTrainNumber,
      },
    },
  };
}

export const host = (deps: MailDeps) => new URL(deps.config.PUBLIC_URL).hostname;

const decisionLink = (deps: MailDeps, bookingId: number, decisionToken: string) => (status: boolean) =>
  `${deps.config.PUBLIC_URL}/booking?id=${bookingId}&status=${status}&token=${encodeURIComponent(decisionToken)}`;

/** The company's contacts and the customer's page of the booking, on every customer mail. */
export const extrasOf = (deps: MailDeps, booking: BookingWithStops): CustomerMailExtras => ({
  company: mailCompany(deps.config),
  manageUrl: manageBookingUrl(deps.config.PUBLIC_URL, booking.id),
  terms: bookingTerms(deps.config, booking),
});

/** Step three confirmed: the customer's receipt with the .ics, the company's request with its links. */
export async function queueBookingReceivedMails(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops, decisionToken: string): Promise<void> {
  const { data } = await mailData(tx, booking);
  const calendar = bookingCalendar(booking.language, data, host(deps));
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'booking_received', ...bookingReceivedMail(booking.language, data, extrasOf(deps, booking)), attachments: [calendar] });
  const link = decisionLink(deps, booking.id, decisionToken);
  await enqueueMail(tx, {
    bookingId: booking.id,
    kind: 'booking_new_company',
    to: deps.config.COMPANY_EMAIL,
    // The company answers the customer with one click (decision 0076): the address they gave for this booking.
    replyTo: data.email || undefined,
    ...bookingNewCompanyMail(forCompany(data, booking), { acceptUrl: link(true), rejectUrl: link(false), days: DECISION_TOKEN_DAYS }),
  });
}

/** The deposit page of an accepted booking, by its checkout token. */
export const checkoutUrl = (publicUrl: string, bookingId: number, checkoutToken: string) =>
  `${publicUrl}/checkout?id=${bookingId}&token=${encodeURIComponent(checkoutToken)}`;

export async function queueBookingAcceptedMail(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops, checkoutToken: string): Promise<void> {
  const { data } = await mailData(tx, booking);
  const url = checkoutUrl(deps.config.PUBLIC_URL, booking.id, checkoutToken);
  const calendar = bookingCalendar(booking.language, data, host(deps));
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'booking_accepted', ...bookingAcceptedMail(booking.language, data, url, extrasOf(deps, booking)), attachments: [calendar] });
}

/** A cash booking accepted (decision 0117): confirmed, no deposit link; the customer (with the .ics) and the company are told. */
export async function queueCashConfirmedMails(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops): Promise<void> {
  const { data } = await mailData(tx, booking);
  const calendar = bookingCalendar(booking.language, data, host(deps));
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'cash_confirmed', ...cashConfirmedMail(booking.language, data, extrasOf(deps, booking)), attachments: [calendar] });
  await enqueueMail(tx, { bookingId: booking.id, kind: 'cash_confirmed_company', to: deps.config.COMPANY_EMAIL, replyTo: data.email || undefined, ...cashConfirmedCompanyMail(forCompany(data, booking)) });
}

/** A company member's booking accepted (decision 0142): confirmed to the booker and the company, billed on account, no deposit link. */
export async function queueOnAccountConfirmedMails(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops): Promise<void> {
  const { data } = await mailData(tx, booking);
  const calendar = bookingCalendar(booking.language, data, host(deps));
  await enqueueAccountMail(tx, accountOf(booking), {
    bookingId: booking.id,
    kind: 'on_account_confirmed',
    ...onAccountConfirmedMail(booking.language, data, extrasOf(deps, booking)),
    attachments: [calendar],
  });
  await enqueueMail(tx, { bookingId: booking.id, kind: 'on_account_confirmed_company', to: deps.config.COMPANY_EMAIL, replyTo: data.email || undefined, ...onAccountConfirmedCompanyMail(forCompany(data, booking)) });
}

/** The company confirmed the chauffeur's "client absent" (decision 0117): the customer learns the trip is off and what is kept. */
export async function queueNoShowMail(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops, keptCents: number): Promise<void> {
  const { data } = await mailData(tx, booking);
  const calendar = bookingCalendar(booking.language, data, host(deps), { cancel: true });
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'no_show', ...noShowMail(booking.language, data, keptCents, extrasOf(deps, booking)), attachments: [calendar] });
}

/** A refund the company gives after the booking (decision 0157): the customer learns how much, why and how it comes back. */
export async function queueCompanyRefundMail(
  tx: DbOrTx,
  deps: MailDeps,
  booking: BookingWithStops,
  refund: { amountCents: number; reason: string; creditNote: string | null },
): Promise<void> {
  const { data } = await mailData(tx, booking);
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'company_refund', ...companyRefundMail(booking.language, data, refund, extrasOf(deps, booking)) });
}

export async function queueBookingRejectedMail(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops, reason: string | null): Promise<void> {
  const { data } = await mailData(tx, booking);
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'booking_rejected', ...bookingRejectedMail(booking.language, data, reason, extrasOf(deps, booking)) });
}

/** A request nobody answered before its pickup (decision 0176): the customer is told it lapsed, nothing charged, and the company that it closed. */
export async function queueBookingLapsedMail(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops): Promise<void> {
  const { data } = await mailData(tx, booking);
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'booking_lapsed', ...bookingRejectedMail(booking.language, data, null, extrasOf(deps, booking), { lapsed: true }) });
  await enqueueMail(tx, { bookingId: booking.id, kind: 'booking_lapsed_company', to: deps.config.COMPANY_EMAIL, replyTo: data.email || undefined, ...bookingLapsedCompanyMail(forCompany(data, booking)) });
}

/** The deposit link the company sends again (decision 0177). */
export async function queueDepositLinkMail(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops, url: string, due: { cents: number; difference: boolean }): Promise<void> {
  const { data } = await mailData(tx, booking);
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'deposit_link', ...depositLinkMail(booking.language, data, url, due, extrasOf(deps, booking)) });
}

export async function queueDepositPaidMails(tx: DbOrTx, deps: MailDeps, booking: BookingWithStops, paidCents: number): Promise<void> {
  const { data } = await mailData(tx, booking);
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'deposit_paid', ...depositPaidMail(booking.language, data, paidCents, extrasOf(deps, booking)) });
  await enqueueMail(tx, {
    bookingId: booking.id,
    kind: 'deposit_paid_company',
    to: deps.config.COMPANY_EMAIL,
    replyTo: data.email || undefined,
    ...depositPaidCompanyMail(forCompany(data, booking), paidCents),
  });
}

/** A card payment arrived for a booking that can no longer take it (cancelled, already paid...): the company must refund it. */
export async function queuePaymentForClosedBookingMail(
  tx: DbOrTx,
  deps: MailDeps,
  booking: BookingWithStops,
  paidCents: number,
  sessionId: string,
): Promise<void> {
  const { data } = await mailData(tx, booking);
  await enqueueMail(tx, {
    bookingId: booking.id,
    kind: 'payment_refund_needed_company',
    to: deps.config.COMPANY_EMAIL,
    ...paymentForClosedBookingCompanyMail(forCompany(data, booking), { paidCents, status: booking.status, sessionId }),
  });
}

/** The company hears of a cancellation only if it had been asked to decide on the booking. */
export async function queueBookingCancelledMails(
  tx: DbOrTx,
  deps: MailDeps,
  booking: BookingWithStops,
  terms: CancellationTerms & { notifyCompany: boolean },
): Promise<void> {
  const { data } = await mailData(tx, booking);
  // METHOD:CANCEL with a raised SEQUENCE: the customer's calendar removes the trip it was sent.
  const calendar = bookingCalendar(booking.language, data, host(deps), { cancel: true });
  await enqueueAccountMail(tx, accountOf(booking), {
    bookingId: booking.id,
    kind: 'booking_cancelled',
    ...bookingCancelledMail(booking.language, data, terms, extrasOf(deps, booking)),
    attachments: [calendar],
  });
  if (terms.notifyCompany) {
    await enqueueMail(tx, { bookingId: booking.id, kind: 'booking_cancelled_company', to: deps.config.COMPANY_EMAIL, replyTo: data.email || undefined, ...bookingCancelledCompanyMail(forCompany(data, booking), terms) });
  }
}

/** The company's reminder of a booking still pending `minutes` after confirmation; `dedupeKey` keeps it to one mail. */
export async function queuePendingReminderMail(
  tx: DbOrTx,
  deps: MailDeps,
  booking: BookingWithStops,
  reminder: { minutes: number; decisionToken: string; dedupeKey: string },
): Promise<void> {
  const { data } = await mailData(tx, booking);
  const link = decisionLink(deps, booking.id, reminder.decisionToken);
  await enqueueMail(tx, {
    bookingId: booking.id,
    kind: 'pending_reminder_company',
    to: deps.config.COMPANY_EMAIL,
    dedupeKey: reminder.dedupeKey,
    ...pendingReminderCompanyMail(forCompany(data, booking), reminder.minutes, { acceptUrl: link(true), rejectUrl: link(false), days: DECISION_TOKEN_DAYS }),
  });
}

/**
 * Where the chauffeur meets the customer: the address typed at step three, with the place's name
 * beside it at an airport or a station ("Terminal 2 (Aéroport Nice Côte d'Azur)"), else the place.
 */
export function meetingPointOf(booking: Pick<BookingWithStops, 'address' | 'city' | 'rentFromType'>, origin: string): string {
  const typed = [booking.address, booking.city].filter(Boolean).join(', ') || origin;
  return booking.address && booking.rentFromType !== 'address' ? `${typed} (${origin})` : typed;
}

/**
 * The customer's reminder before pickup. The chauffeur and the car are read now, when it is
 * written, so an assignment made after acceptance shows; held like every customer mail until
 * the account's address is verified.
 */
export async function queuePickupReminderMail(tx: DbOrTx, deps: ReminderMailDeps, booking: BookingWithStops, dedupeKey: string, isReturn = false): Promise<void> {
  const { data } = await mailData(tx, booking);
  const driver = await findChauffeur(tx, booking.driverId);
  const [car] = booking.carId === null ? [] : await tx.select({ name: cars.name, plate: cars.number }).from(cars).where(eq(cars.id, booking.carId));
  const mail = pickupReminderMail(booking.language, data, {
    driver,
    car: car ?? null,
    meetingPoint: meetingPointOf(booking, data.origin),
    placeType: booking.rentFromType,
    airportNote: deps.config.AIRPORT_MEETING_NOTE ?? null,
    flightsFollowed: flightsFollowed(deps.config),
    companyPhone: deps.config.COMPANY_PHONE,
    waitingMinutes: bookingTerms(deps.config, booking).waitingMinutes,
    isReturn,
  });
  await enqueueAccountMail(tx, accountOf(booking), { bookingId: booking.id, kind: 'pickup_reminder', dedupeKey, ...mail });
}
