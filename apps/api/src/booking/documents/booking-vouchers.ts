import { isDeepStrictEqual } from 'node:util';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime, formatParisTime } from '@vtc/shared/time/format-paris';
import { getParisParts } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accountOf, findBooking } from '../bookings-repository.ts';
import { bookedAt, insertVoucher, latestVoucher, takeNumber, voucherParties, type VoucherRow } from './documents-repository.ts';
import { documentI18n, type DocumentCopy } from './document-words.ts';
import { operatorOf, type Operator } from './operator.ts';
import { PdfWriter } from './pdf-writer.ts';
import { lineWordsIn } from './document-lines.ts';
import { readHireFacts, type HireFacts } from '../hire-end/hire-facts.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

/** What a voucher shows, frozen when it is issued (decision 0087). */
export type VoucherData = {
  bookingId: number;
  language: Language;
  operator: Operator;
  customer: { name: string; phone: string; email: string };
  bookedAt: string;
  pickupAt: string;
  pickupPlace: string;
  /** The flight met at an airport pickup; absent otherwise, so earlier versions compare equal. */
  flightNumber?: string;
  stops: string[];
  destination: string;
  returnAt: string | null;
  passengers: { adults: number; children: number };
  priceCents: number | null;
  depositCents: number | null;
  car: { name: string; model: string; plate: string } | null;
  chauffeur: { name: string; phone: string } | null;
  /**
   * A hire or a tour (decision 0137): the service, its booked end, its days (by the day), its
   * programme, whether it has a drop-off place. Absent for a transfer, so earlier versions compare equal.
   */
  hire?: {
    kind: 'hourly' | 'daily' | 'tour';
    hours?: number;
    days?: number;
    tourName?: { fr: string; en: string; ar: string };
    endsAt: string;
    periods: { start: string; end: string }[];
    programme?: string;
    hasDropOff: boolean;
  };
};

export type IssuedVoucher = { number: string; version: number; issuedAt: Date; data: VoucherData };

export function toIssuedVoucher(row: VoucherRow): IssuedVoucher {
  return { number: row.number, version: row.version, issuedAt: row.issuedAt, data: row.data as VoucherData };
}

async function currentVoucherData(tx: DbOrTx, config: Config, bookingId: number): Promise<VoucherData | undefined> {
  const booking = await findBooking(tx, bookingId, ADMIN_ACCESS);
  if (!booking) return undefined;
  // One after the other: a transaction's queries share one connection.
  const { user, car, driver } = await voucherParties(tx, { ...booking, userId: accountOf(booking) });
  const madeAt = await bookedAt(tx, booking.id, booking.createdAt);
  const facts = await readHireFacts(tx, booking);
  return {
    bookingId: booking.id,
    language: booking.language,
    operator: operatorOf(config),
    customer: { name: booking.fullName ?? user?.fullName ?? '', phone: booking.phone ?? user?.phone ?? '', email: booking.email ?? user?.email ?? '' },
    bookedAt: madeAt.toISOString(),
    pickupAt: booking.pickupAt.toISOString(),
    pickupPlace: [booking.origin.title, booking.address, booking.city].filter(Boolean).join(', '),
    ...(booking.flightNumber ? { flightNumber: booking.flightNumber } : {}),
    stops: booking.stops.map((stop) => stop.title),
    destination: booking.destination.title,
    returnAt: booking.returnRent && booking.returnAt ? booking.returnAt.toISOString() : null,
    passengers: { adults: booking.adults, children: booking.children },
    priceCents: booking.totalCents,
    depositCents: booking.depositCents,
    car: car ? { name: car.name, model: car.model, plate: car.plate } : null,
    chauffeur: driver ? { name: driver.fullName, phone: driver.phone } : null,
    ...(facts ? { hire: voucherHire(facts) } : {}),
  };
}

function voucherHire(facts: HireFacts): NonNullable<VoucherData['hire']> {
  return {
    kind: facts.serviceType,
    ...(facts.hours !== null ? { hours: facts.hours } : {}),
    ...(facts.days !== null ? { days: facts.days } : {}),
    ...(facts.tourName ? { tourName: facts.tourName } : {}),
    endsAt: facts.endsAt.toISOString(),
    periods: facts.periods.map((period) => ({ start: period.from.toISOString(), end: period.to.toISOString() })),
    ...(facts.programme ? { programme: facts.programme } : {}),
    hasDropOff: facts.hasDropOff,
  };
}

/**
 * Issues the booking's voucher as it stands now, inside the caller's transaction (decision
 * 0087): version 1 takes the next voucher number; a later call issues version n + 1 under the
 * same number when anything it shows changed (car, chauffeur, pickup...), and nothing when not.
 * Call it from any change of what a voucher shows, e.g. `issueVoucherVersion(tx, config, id)`
 * after assigning a chauffeur. Returns undefined for a missing booking.
 */
export async function issueVoucherVersion(tx: DbOrTx, config: Config, bookingId: number): Promise<IssuedVoucher | undefined> {
  const data = await currentVoucherData(tx, config, bookingId);
  if (!data) return undefined;
  const latest = await latestVoucher(tx, bookingId);
  if (latest && isDeepStrictEqual(latest.data, data)) return toIssuedVoucher(latest);
  const now = new Date();
  const year = getParisParts(now).year;
  const number = latest?.number ?? `BR-${year}-${String(await takeNumber(tx, 'voucher', year)).padStart(6, '0')}`;
  const row = await insertVoucher(tx, { bookingId, number, version: (latest?.version ?? 0) + 1, data, issuedAt: now });
  return toIssuedVoucher(row);
}

const dash = '—';

/**
 * The voucher as a PDF, drawn from its frozen data: in French for the company; for the customer
 * in French with their language beneath each French word (decision 0122).
 */
export async function renderVoucherPdf(voucher: IssuedVoucher, copy: DocumentCopy): Promise<Buffer> {
  const { data } = voucher;
  const t = documentI18n(copy).getFixedT(data.language, 'document');
  const dateTime = (iso: string) => formatParisDateTime(iso, 'fr', 'medium');
  const time = (iso: string) => formatParisTime(iso, 'fr');
  const money = (cents: number | null) => (cents === null ? dash : formatEuros(cents, 'fr'));
  const title = t('voucher_title');
  const pdf = new PdfWriter({ direction: 'ltr', title: `${title.split('\n')[0]} ${voucher.number}`, issuedAt: voucher.issuedAt });
  pdf.title(title).note(t('voucher_subtitle'));
  if (t.bilingual) pdf.space(4).note(t('french_binds'));
  pdf
    .space()
    .field(t('number'), voucher.number)
    .field(t('version'), String(voucher.version))
    .field(t('issued_at'), dateTime(voucher.issuedAt.toISOString()))
    .field(t('booking_ref'), String(data.bookingId))
    .heading(t('operator'))
    .field(t('legal_name'), data.operator.legalName)
    .field(t('address'), data.operator.address)
    .field(t('phone'), data.operator.phone)
    .field(t('email'), data.operator.email)
    .field(t('siren'), data.operator.siren)
    .field(t('vtc_register'), data.operator.vtcRegister)
    .heading(t('customer'))
    .field(t('customer_name'), data.customer.name || dash)
    .field(t('phone'), data.customer.phone || dash)
    .heading(t('booking'))
    .field(t('booked_at'), dateTime(data.bookedAt))
    .field(t('pickup_at'), dateTime(data.pickupAt))
    .field(t('pickup_place'), data.pickupPlace);
  if (data.flightNumber) pdf.field(t('flight_number'), data.flightNumber);
  if (data.stops.length > 0) pdf.field(t('stops'), data.stops.join(' · '));
  const { hire } = data;
  if (hire) {
    // A hire or a tour (decision 0137): what is booked, until when (each day by the day), the programme.
    pdf.field(t('service'), lineWordsIn(copy, data.language)({ kind: hire.kind, hours: hire.hours, days: hire.days, tourName: hire.tourName }));
    if (hire.periods.length > 1) {
      hire.periods.forEach((period, index) => pdf.field(t('day_n', { n: index + 1 }), `${dateTime(period.start)} – ${time(period.end)}`));
    }
    pdf.field(t('service_end'), dateTime(hire.endsAt));
    if (hire.programme) pdf.field(t('programme'), hire.programme);
    if (hire.hasDropOff) pdf.field(t('drop_off_place'), data.destination);
  } else {
    pdf.field(t('destination'), data.destination);
  }
  if (data.returnAt) pdf.field(t('return_at'), dateTime(data.returnAt));
  pdf
    .field(t('passengers'), String(data.passengers.adults + data.passengers.children))
    .field(t('price'), money(data.priceCents))
    .field(t('deposit'), money(data.depositCents))
    .heading(t('vehicle'))
    .field(t('car'), data.car ? `${data.car.name} (${data.car.model})` : t('to_be_assigned'))
    .field(t('plate'), data.car?.plate ?? t('to_be_assigned'))
    .field(t('chauffeur'), data.chauffeur ? `${data.chauffeur.name}, ${data.chauffeur.phone}` : t('to_be_assigned'))
    .space(12)
    .note(t('voucher_keep'));
  return pdf.toBuffer();
}
