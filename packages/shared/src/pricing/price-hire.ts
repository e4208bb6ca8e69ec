import { isHoliday, type HolidayRule } from '../calendar/holiday-rules.ts';
import { isNightHour } from '../time/paris-time.ts';
import { checkCarFits, type Party } from './check-car-fits.ts';
import { findSeason } from './find-season.ts';
import { DEFAULT_HOLIDAY_SURCHARGE_PERCENT, DEPOSIT_PERCENT, type PickupParts, type PricingSeason } from './price-trip.ts';
import { percentOfCents, percentOfCentsToEuro, roundToEuroCents } from './round-cents.ts';

/** Hours a hire "by the day" counts per day, for its included km (issue 22: a day rate from 8 h). */
export const HIRE_DAY_HOURS = 8;
/** Surcharge on the hours of an hourly hire that fall in the night (19:00-05:00), as the hire page promises. */
export const DEFAULT_HIRE_NIGHT_SURCHARGE_PERCENT = 20;

/** A car's hire rate for one season (amounts in cents). */
export interface HireRate {
  seasonId: number;
  pricePerHourCents: number;
  /** Shorter hires are billed this many hours. */
  minHours: number;
  kmIncludedPerHour: number;
  pricePerExtraKmCents: number;
  /** Caps an hourly hire's time price and prices a hire by the day (whole euros); null: no day rate. */
  pricePerDayCents: number | null;
}

export type HireService = { kind: 'hourly'; hours: number } | { kind: 'daily'; days: number };

export interface PriceHireInput {
  service: HireService;
  /** The start (Paris wall-clock parts, year needed for Easter-relative holidays). */
  pickup: PickupParts;
  car: { id: number; seats: number; packages: number };
  party: Party;
  seasons: readonly PricingSeason[];
  /** This car's hire rates (one per season). */
  rates: readonly HireRate[];
  holidays: readonly HolidayRule[];
  holidaySurchargePercent?: number;
  nightSurchargePercent?: number;
  /** Km driven (or expected) in all; only the km beyond the included ones are charged. 0 when quoting. */
  km?: number;
}

export type NotHireableReason = 'no_season' | 'no_hire_rate' | 'car_not_allowed';

export interface HirePrice {
  bookable: true;
  seasonId: number;
  /** Hours (hourly) or days (daily) billed: an hourly hire is billed at least its rate's minimum hours. */
  billedHours: number;
  billedDays: number;
  /** Time price, night surcharge included, capped by the day rate; whole euros. */
  timeCents: number;
  nightSurchargeCents: number;
  /** True when the day rate capped the hourly price. */
  dayRateApplied: boolean;
  holiday: boolean;
  holidaySurchargeCents: number;
  kmIncluded: number;
  extraKm: number;
  extraKmCents: number;
  totalCents: number;
  depositCents: number;
}

export type HireQuote = HirePrice | { bookable: false; reason: NotHireableReason };

/** How many of `hours` whole hours from `startHour` are night hours. */
function nightHoursFrom(startHour: number, hours: number): number {
  let count = 0;
  for (let index = 0; index < Math.ceil(hours); index += 1) {
    const share = Math.min(1, hours - index);
    if (isNightHour((startHour + index) % 24)) count += share;
  }
  return count;
}

/**
 * The price of a hire with chauffeur (issue 22). By the hour: the hourly rate times
 * max(hours, minimum hours), plus the night surcharge on the hours that fall in the night, the
 * whole capped by the day rate; by the day: the day rate per day. A public holiday at the start
 * adds the holiday surcharge to the time price (for each holiday day of a hire by the day).
 * Km beyond those included (per billed hour, `HIRE_DAY_HOURS` per day) cost the extra-km price.
 * Every part is whole euros; the deposit is 20 % of the total.
 */
export function priceHire(input: PriceHireInput): HireQuote {
  const km = input.km ?? 0;
  if (!Number.isFinite(km) || km < 0) throw new RangeError(`Invalid km: ${km}`);
  if (!checkCarFits(input.car, input.party)) return { bookable: false, reason: 'car_not_allowed' };
  const season = findSeason(input.pickup.month, input.seasons);
  if (!season) return { bookable: false, reason: 'no_season' };
  const rate = input.rates.find((candidate) => candidate.seasonId === season.id);
  if (!rate) return { bookable: false, reason: 'no_hire_rate' };
  const holidayPercent = input.holidaySurchargePercent ?? DEFAULT_HOLIDAY_SURCHARGE_PERCENT;
  const nightPercent = input.nightSurchargePercent ?? DEFAULT_HIRE_NIGHT_SURCHARGE_PERCENT;

  let billedHours = 0;
  let billedDays = 0;
  let timeCents: number;
  let nightSurchargeCents = 0;
  let dayRateApplied = false;
  let holidayDays = 0;
  if (input.service.kind === 'hourly') {
    const { hours } = input.service;
    if (!Number.isFinite(hours) || hours <= 0) throw new RangeError(`Invalid hours: ${hours}`);
    billedHours = Math.max(hours, rate.minHours);
    const hourlyCents = roundToEuroCents(rate.pricePerHourCents * billedHours);
    nightSurchargeCents = percentOfCentsToEuro(rate.pricePerHourCents * nightHoursFrom(input.pickup.hour, billedHours), nightPercent);
    timeCents = hourlyCents + nightSurchargeCents;
    if (rate.pricePerDayCents !== null && billedHours <= 24 && timeCents > rate.pricePerDayCents) {
      timeCents = rate.pricePerDayCents;
      nightSurchargeCents = 0;
      dayRateApplied = true;
    }
    holidayDays = isHoliday(input.holidays, input.pickup) ? 1 : 0;
  } else {
    const { days } = input.service;
    if (!Number.isInteger(days) || days <= 0) throw new RangeError(`Invalid days: ${days}`);
    if (rate.pricePerDayCents === null) return { bookable: false, reason: 'no_hire_rate' };
    billedDays = days;
    billedHours = days * HIRE_DAY_HOURS;
    timeCents = rate.pricePerDayCents * days;
    dayRateApplied = true;
    holidayDays = countHolidayDays(input.holidays, input.pickup, days);
  }

  const dayTimeCents = billedDays > 0 ? (rate.pricePerDayCents ?? 0) : timeCents;
  const holidaySurchargeCents = holidayDays * percentOfCentsToEuro(dayTimeCents, holidayPercent);
  const { kmIncluded, extraKm, extraKmCents } = priceExtraKm(rate, billedHours, km);
  const totalCents = timeCents + holidaySurchargeCents + extraKmCents;
  return {
    bookable: true,
    seasonId: season.id,
    billedHours,
    billedDays,
    timeCents,
    nightSurchargeCents,
    dayRateApplied,
    holiday: holidayDays > 0,
    holidaySurchargeCents,
    kmIncluded,
    extraKm,
    extraKmCents,
    totalCents,
    depositCents: percentOfCents(totalCents, DEPOSIT_PERCENT),
  };
}

/**
 * The km of a hire beyond those included (`kmIncludedPerHour` per billed hour), to the tenth of a
 * km, and their price at the rate's extra-km price, whole euros: the quote's rule and the end of
 * a hire's (the chauffeur's km, decision 0137).
 */
export function priceExtraKm(
  rate: Pick<HireRate, 'kmIncludedPerHour' | 'pricePerExtraKmCents'>,
  billedHours: number,
  km: number,
): { kmIncluded: number; extraKm: number; extraKmCents: number } {
  const kmIncluded = rate.kmIncludedPerHour * billedHours;
  const extraKm = Math.max(0, Math.round((km - kmIncluded) * 10) / 10);
  return { kmIncluded, extraKm, extraKmCents: roundToEuroCents(rate.pricePerExtraKmCents * extraKm) };
}

/** Holidays among `days` consecutive calendar days from the pickup's day. */
function countHolidayDays(holidays: readonly HolidayRule[], pickup: PickupParts, days: number): number {
  if (pickup.year === undefined) return isHoliday(holidays, pickup) ? 1 : 0;
  let count = 0;
  const start = Date.UTC(pickup.year, pickup.month - 1, pickup.day);
  for (let index = 0; index < days; index += 1) {
    const date = new Date(start + index * 86_400_000);
    if (isHoliday(holidays, { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() })) count += 1;
  }
  return count;
}

/**
 * Overtime of a hire ended later than booked (issue 22): started quarter hours past the booked
 * end, each billed a quarter of the hourly rate, whole euros. 0 when it ended on time or early.
 */
export function priceOvertime(rate: Pick<HireRate, 'pricePerHourCents'>, overtimeMinutes: number): { quarters: number; cents: number } {
  if (!Number.isFinite(overtimeMinutes) || overtimeMinutes <= 0) return { quarters: 0, cents: 0 };
  const quarters = Math.ceil(overtimeMinutes / 15);
  return { quarters, cents: roundToEuroCents((rate.pricePerHourCents * quarters) / 4) };
}
