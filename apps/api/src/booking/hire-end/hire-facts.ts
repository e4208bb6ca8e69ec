import { eq } from 'drizzle-orm';
import type { InvoiceLine, TourName } from '@vtc/shared/booking/booking-responses';
import { hireBlocks, type HireBlock } from '@vtc/shared/booking/hire-times';
import { findSeason } from '@vtc/shared/pricing/find-season';
import { HIRE_DAY_HOURS, type HireRate } from '@vtc/shared/pricing/price-hire';
import { getParisParts } from '@vtc/shared/time/paris-time';
import type { DbOrTx } from '../../platform/db/client.ts';
import { tours } from '../../platform/db/schema.ts';
import { listHourlyRates } from '../../catalogue/hire-rates/hire-rates-repository.ts';
import type { BookingRow } from '../bookings-repository.ts';

/** A booking's service as what comes after the funnel tells it (decision 0137); null for a transfer. */
export type HireFacts = {
  serviceType: 'hourly' | 'daily' | 'tour';
  /** Hours booked (hourly, tour). */
  hours: number | null;
  /** Days booked (daily). */
  days: number | null;
  tourName: TourName | null;
  programme: string | null;
  hasDropOff: boolean;
  endsAt: Date;
  /** One block of time, or one per day (decision 0127). */
  periods: HireBlock[];
};

type HireColumns = Pick<BookingRow, 'serviceType' | 'pickupAt' | 'endsAt' | 'hireMinutes' | 'hireDays' | 'tourId' | 'programme' | 'hasDropOff'>;

/** A tour's name in fr, en and ar; null when there is none (or it was deleted). */
export async function findTourName(db: DbOrTx, tourId: number | null): Promise<TourName | null> {
  if (tourId === null) return null;
  const [row] = await db.select({ fr: tours.nameFr, en: tours.nameEn, ar: tours.nameAr }).from(tours).where(eq(tours.id, tourId));
  return row ?? null;
}

/** The hire facts of a booking with its tour's name already read; null for a transfer. */
export function hireFactsOf(booking: HireColumns, tourName: TourName | null): HireFacts | null {
  if (booking.serviceType === 'transfer') return null;
  const end = booking.endsAt ?? booking.pickupAt;
  const periods = hireBlocks(booking) ?? [{ day: 1, from: booking.pickupAt, to: end }];
  return {
    serviceType: booking.serviceType,
    hours: booking.serviceType === 'daily' || booking.hireMinutes === null ? null : booking.hireMinutes / 60,
    days: booking.serviceType === 'daily' ? (booking.hireDays ?? periods.length) : null,
    tourName,
    programme: booking.programme,
    hasDropOff: booking.hasDropOff,
    endsAt: booking.endsAt ?? periods.at(-1)!.to,
    periods,
  };
}

/** The hire facts of a booking, its tour's name read; null for a transfer. */
export async function readHireFacts(db: DbOrTx, booking: HireColumns): Promise<HireFacts | null> {
  if (booking.serviceType === 'transfer') return null;
  return hireFactsOf(booking, await findTourName(db, booking.tourId));
}

/**
 * The hire rate of the booking's car in its pickup's season (decision 0125), which overtime and
 * extra km are billed at (decision 0137); undefined without a car, a season or a rate.
 */
export async function findBookedHireRate(db: DbOrTx, booking: Pick<BookingRow, 'carId' | 'pickupAt'>): Promise<(HireRate & { minHours: number }) | undefined> {
  if (booking.carId === null) return undefined;
  const rates = await listHourlyRates(db, { carId: booking.carId });
  const month = getParisParts(booking.pickupAt).month;
  const rate = findSeason(month, rates.map((row) => ({ ...row, startMonth: row.season.startMonth, endMonth: row.season.endMonth })));
  return rate ? { seasonId: rate.seasonId, pricePerHourCents: rate.pricePerHourCents, minHours: rate.minHours, kmIncludedPerHour: rate.kmIncludedPerHour, pricePerExtraKmCents: rate.pricePerExtraKmCents, pricePerDayCents: rate.pricePerDayCents } : undefined;
}

/**
 * The hours whose km the price includes: a hire by the hour its billed hours (at least the rate's
 * minimum), by the day HIRE_DAY_HOURS a day; a tour none: its fixed price covers its programme,
 * so its km are not billed (decision 0137).
 */
export function kmHoursOf(facts: HireFacts, rate: { minHours: number }): number | null {
  if (facts.serviceType === 'tour') return null;
  if (facts.serviceType === 'daily') return (facts.days ?? 1) * HIRE_DAY_HOURS;
  return Math.max(facts.hours ?? 0, rate.minHours);
}

/** What a hire's end added, as its invoice lines say it. */
export type HireEndBilled = { overtimeMinutes: number; overtimeCents: number; extraKm: number; extraKmCents: number };

/**
 * A hire's invoice lines (decision 0137): the service booked at its booked price, then the
 * overtime (billed minutes: started quarter hours) and the extra km when the end added them.
 */
export function hireInvoiceLines(facts: HireFacts, totalCents: number, end: HireEndBilled | null): InvoiceLine[] {
  const overtimeCents = end?.overtimeCents ?? 0;
  const extraKmCents = end?.extraKmCents ?? 0;
  const booked = totalCents - overtimeCents - extraKmCents;
  const service: InvoiceLine =
    facts.serviceType === 'daily'
      ? { kind: 'daily', days: facts.days ?? 1, cents: booked }
      : facts.serviceType === 'tour'
        ? { kind: 'tour', hours: facts.hours ?? 0, ...(facts.tourName ? { tourName: facts.tourName } : {}), cents: booked }
        : { kind: 'hourly', hours: facts.hours ?? 0, cents: booked };
  const lines = [service];
  if (end && overtimeCents > 0) lines.push({ kind: 'overtime', minutes: end.overtimeMinutes, cents: overtimeCents });
  if (end && extraKmCents > 0) lines.push({ kind: 'extra_km', km: end.extraKm, cents: extraKmCents });
  return lines;
}
