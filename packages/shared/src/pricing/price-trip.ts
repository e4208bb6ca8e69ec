import { isHoliday, type HolidayRule } from '../calendar/holiday-rules.ts';
import { getParisParts, isNightHour } from '../time/paris-time.ts';
import { checkCarFits, type Party } from './check-car-fits.ts';
import { findSeason } from './find-season.ts';
import { percentOfCents, percentOfCentsToEuro, roundToEuroCents } from './round-cents.ts';

export const DEPOSIT_PERCENT = 20;
export const DEFAULT_HOLIDAY_SURCHARGE_PERCENT = 20;

export interface PricingSeason {
  id: number;
  name: string;
  startMonth: number;
  endMonth: number;
}

/** A car's pricing row (amounts in cents). `kmEnd: null` is open ended. */
export interface PricingRow {
  seasonId: number;
  kmStart: number;
  kmEnd: number | null;
  minPriceCents: number | null;
  pricePerKmCents: number | null;
  minPriceNightCents: number | null;
  priceNightPerKmCents: number | null;
}

/** The Paris wall-clock fields the price depends on. */
export interface PickupParts {
  /** Needed by Easter-relative holidays; without it only fixed-date holidays match. */
  year?: number;
  month: number;
  day: number;
  hour: number;
}

export interface PriceTripInput {
  /** Route distance in km (origin, stops in order, destination), >= 0. */
  distanceKm: number;
  /** The pickup instant (judged on Paris clocks) or its Paris wall-clock parts. */
  pickup: Date | PickupParts;
  car: { id: number; seats: number; packages: number };
  party: Party;
  /** This car's price in the price list for the trip's origin-destination pair, if any. */
  fixedRoutePriceCents?: number | null;
  seasons: readonly PricingSeason[];
  /** This car's pricing rows (other cars' rows are ignored by the caller). */
  pricings: readonly PricingRow[];
  holidays: readonly HolidayRule[];
  holidaySurchargePercent?: number;
  returnTrip?: boolean;
}

export type NotBookableReason = 'no_season' | 'no_pricing_band' | 'car_not_allowed';

export interface BookableTripPrice {
  bookable: true;
  source: 'price_list' | 'pricing';
  /** The season whose pricing row was used (`source: 'pricing'` only). */
  seasonId?: number;
  night: boolean;
  holiday: boolean;
  returnTrip: boolean;
  /** One leg before the holiday surcharge; whole euros when computed per km. */
  oneWayCents: number;
  /** Holiday surcharge over all legs, whole euros per leg (0 on other days). */
  holidaySurchargeCents: number;
  /** (oneWayCents + surcharge of one leg) x legs. */
  totalCents: number;
  /** DEPOSIT_PERCENT of the total, asked online after acceptance. */
  depositCents: number;
}

export type TripPrice = BookableTripPrice | { bookable: false; reason: NotBookableReason };

function toPickupParts(pickup: Date | PickupParts): PickupParts {
  return pickup instanceof Date ? getParisParts(pickup) : pickup;
}

/** The row whose band holds the distance: kmStart <= d < kmEnd (null = no end). Highest kmStart wins if bands overlap. */
export function findPricingRow(rows: readonly PricingRow[], seasonId: number, distanceKm: number): PricingRow | undefined {
  return rows
    .filter((row) => row.seasonId === seasonId && row.kmStart <= distanceKm && (row.kmEnd === null || distanceKm < row.kmEnd))
    .sort((a, b) => b.kmStart - a.kmStart)[0];
}

/**
 * One leg's price from a pricing row (decisions 3.3): at night the night fixed price if set,
 * else night price per km times distance; by day the fixed price if set, else price per km
 * times distance, rounded to whole euros. A fixed (min) price is used as stored, cents
 * included. A row without any night price charges its day price at night too. Null when the
 * row has no usable price.
 */
export function priceFromRow(row: PricingRow, distanceKm: number, night: boolean): number | null {
  const rates: [number | null, number | null][] = night
    ? [
        [row.minPriceNightCents, row.priceNightPerKmCents],
        [row.minPriceCents, row.pricePerKmCents],
      ]
    : [[row.minPriceCents, row.pricePerKmCents]];
  for (const [fixed, perKm] of rates) {
    if (fixed !== null) return fixed;
    if (perKm !== null) return roundToEuroCents(perKm * distanceKm);
  }
  return null;
}

/**
 * The price of a trip in one car (decisions 3). Order: the car must fit the party; the price
 * list's fixed price for the route wins; otherwise the season of the pickup month, then the
 * car's row for the distance band, then the day or night rate. A holiday pickup adds the
 * surcharge to each leg, fixed prices included; a return trip is two such legs; the deposit is
 * 20 % of the total.
 */
export function priceTrip(input: PriceTripInput): TripPrice {
  const { distanceKm } = input;
  if (!Number.isFinite(distanceKm) || distanceKm < 0) throw new RangeError(`Invalid distance: ${distanceKm}`);
  if (!checkCarFits(input.car, input.party)) return { bookable: false, reason: 'car_not_allowed' };

  const pickup = toPickupParts(input.pickup);
  const night = isNightHour(pickup.hour);
  let oneWayCents: number;
  let seasonId: number | undefined;

  if (input.fixedRoutePriceCents !== undefined && input.fixedRoutePriceCents !== null) {
    oneWayCents = input.fixedRoutePriceCents;
  } else {
    const season = findSeason(pickup.month, input.seasons);
    if (!season) return { bookable: false, reason: 'no_season' };
    const row = findPricingRow(input.pricings, season.id, distanceKm);
    const price = row ? priceFromRow(row, distanceKm, night) : null;
    if (price === null) return { bookable: false, reason: 'no_pricing_band' };
    oneWayCents = price;
    seasonId = season.id;
  }

  const holiday = isHoliday(input.holidays, pickup);
  const legs = input.returnTrip ? 2 : 1;
  const legSurchargeCents = holiday
    ? percentOfCentsToEuro(oneWayCents, input.holidaySurchargePercent ?? DEFAULT_HOLIDAY_SURCHARGE_PERCENT)
    : 0;
  const totalCents = (oneWayCents + legSurchargeCents) * legs;

  return {
    bookable: true,
    source: seasonId === undefined ? 'price_list' : 'pricing',
    ...(seasonId === undefined ? {} : { seasonId }),
    night,
    holiday,
    returnTrip: legs === 2,
    oneWayCents,
    holidaySurchargeCents: legSurchargeCents * legs,
    totalCents,
    depositCents: percentOfCents(totalCents, DEPOSIT_PERCENT),
  };
}
