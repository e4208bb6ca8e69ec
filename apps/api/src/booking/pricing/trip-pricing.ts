import { isHoliday } from '@vtc/shared/calendar/holiday-rules';
import type { NotBookableReason, PriceSource } from '@vtc/shared/booking/booking-responses';
import type { ServiceType } from '@vtc/shared/booking/service-types';
import { checkCarFits } from '@vtc/shared/pricing/check-car-fits';
import { findSeason } from '@vtc/shared/pricing/find-season';
import { priceHire, type HirePrice } from '@vtc/shared/pricing/price-hire';
import { DEPOSIT_PERCENT, priceTrip, type BookableTripPrice } from '@vtc/shared/pricing/price-trip';
import { percentOfCents, percentOfCentsToEuro } from '@vtc/shared/pricing/round-cents';
import { getParisParts, isNightHour, type ParisParts } from '@vtc/shared/time/paris-time';
import { AppError } from '../../platform/lib/app-error.ts';
import type { Catalogue } from '../../catalogue/catalogue-snapshot.ts';
import { partyOf, type PartyColumns } from '../booking-party.ts';
import type { CarForPricing } from './route-prices.ts';

/** The parts of a booking its price depends on. */
export type TripForPricing = PartyColumns & {
  pickupAt: Date;
  distanceKm: number;
  /** The price-list route matched at step one (decision 0020). */
  priceListEntryId: number | null;
  /** A hire or a tour is priced by its rate or its price, not by the route (issue 22). */
  serviceType: ServiceType;
  hireMinutes: number | null;
  hireDays: number | null;
  tourId: number | null;
};

export type PricingContext = {
  catalogue: Catalogue;
  /** The cars (or the one asked for), in fleet order, with their price on the trip's route. */
  cars: CarForPricing[];
  pickup: ParisParts;
  /** Whether the Paris pickup day is a holiday. */
  holiday: boolean;
  /** The booker's company discount in hundredths of a percent (decision 0150): 0 for anyone else. */
  discountBasisPoints: number;
};

/** What a hire's price says beyond the total (by the hour or by the day): the car offer shows it. */
export type HirePriceDetails = Pick<HirePrice, 'billedHours' | 'billedDays' | 'kmIncluded' | 'dayRateApplied' | 'nightSurchargeCents'> & {
  pricePerExtraKmCents: number;
};

/** A car's price for a booking: a transfer's by the route, a hire's by its rate, a tour's fixed price. */
export type BookableBookingPrice = Omit<BookableTripPrice, 'source'> & {
  source: PriceSource;
  hire?: HirePriceDetails;
  /** A company member's discount, already taken off `totalCents` (decision 0150). */
  companyDiscount?: { percent: number; cents: number };
};
export type BookingPrice = BookableBookingPrice | { bookable: false; reason: NotBookableReason };

/**
 * What a trip is priced from, for every car or one (`carId`; none when it does not exist), with the
 * booker's company discount (`discountBasisPoints`, decision 0150).
 */
export function pricingContext(
  catalogue: Catalogue,
  trip: Pick<TripForPricing, 'pickupAt' | 'priceListEntryId'>,
  carId?: number,
  discountBasisPoints = 0,
): PricingContext {
  const pickup = getParisParts(trip.pickupAt);
  const routePrices = trip.priceListEntryId === null ? undefined : catalogue.routePrices.get(trip.priceListEntryId);
  const cars = catalogue.cars
    .filter((car) => carId === undefined || car.id === carId)
    .map((car) => ({ ...car, routePriceCents: routePrices?.get(car.id) ?? null }));
  const holiday = isHoliday(catalogue.holidays, pickup);
  return { catalogue, cars, pickup, holiday, discountBasisPoints };
}

type PricedCar = Pick<CarForPricing, 'id' | 'seats' | 'packages' | 'routePriceCents'>;

/** A hire by the hour or by the day, by the car's rate in the pickup's season (decision 0125). */
function priceHireCar(trip: TripForPricing, car: PricedCar, context: PricingContext, holidaySurchargePercent: number): BookingPrice {
  const service =
    trip.serviceType === 'daily' ? { kind: 'daily' as const, days: trip.hireDays ?? 0 } : { kind: 'hourly' as const, hours: (trip.hireMinutes ?? 0) / 60 };
  if ((service.kind === 'daily' ? service.days : service.hours) <= 0) return { bookable: false, reason: 'no_hire_rate' };
  const rates = context.catalogue.hireRatesByCar.get(car.id) ?? [];
  const quote = priceHire({
    service,
    pickup: context.pickup,
    car,
    party: partyOf(trip),
    seasons: context.catalogue.seasons,
    rates,
    holidays: context.catalogue.holidays,
    holidaySurchargePercent,
  });
  if (!quote.bookable) return quote;
  const rate = rates.find((candidate) => candidate.seasonId === quote.seasonId)!;
  return {
    bookable: true,
    source: 'hire',
    seasonId: quote.seasonId,
    night: quote.nightSurchargeCents > 0,
    holiday: quote.holiday,
    returnTrip: false,
    oneWayCents: quote.timeCents,
    holidaySurchargeCents: quote.holidaySurchargeCents,
    totalCents: quote.totalCents,
    depositCents: quote.depositCents,
    hire: {
      billedHours: quote.billedHours,
      billedDays: quote.billedDays,
      kmIncluded: quote.kmIncluded,
      dayRateApplied: quote.dayRateApplied,
      nightSurchargeCents: quote.nightSurchargeCents,
      pricePerExtraKmCents: rate.pricePerExtraKmCents,
    },
  };
}

/** A tour: its fixed price for the car in the pickup's season, a holiday adding the surcharge as for a hire. */
function priceTourCar(trip: TripForPricing, car: PricedCar, context: PricingContext, holidaySurchargePercent: number): BookingPrice {
  if (!checkCarFits(car, partyOf(trip))) return { bookable: false, reason: 'car_not_allowed' };
  const season = findSeason(context.pickup.month, context.catalogue.seasons);
  if (!season) return { bookable: false, reason: 'no_season' };
  const tour = trip.tourId === null ? undefined : context.catalogue.tours.get(trip.tourId);
  const priceCents = tour?.prices.get(car.id)?.get(season.id);
  if (priceCents === undefined) return { bookable: false, reason: 'no_tour_price' };
  const holidaySurchargeCents = context.holiday ? percentOfCentsToEuro(priceCents, holidaySurchargePercent) : 0;
  const totalCents = priceCents + holidaySurchargeCents;
  return {
    bookable: true,
    source: 'tour',
    seasonId: season.id,
    night: isNightHour(context.pickup.hour),
    holiday: context.holiday,
    returnTrip: false,
    oneWayCents: priceCents,
    holidaySurchargeCents,
    totalCents,
    depositCents: percentOfCents(totalCents, DEPOSIT_PERCENT),
  };
}

/**
 * One car's price for the booking: a transfer by the shared rule (decisions 3), with its return
 * when asked; a hire by the hour or the day by the car's hire rate; a tour at its fixed price
 * (issue 22). A hire has no return: `returnTrip` is ignored for it.
 */
export function priceCar(
  trip: TripForPricing,
  car: PricedCar,
  context: PricingContext,
  holidaySurchargePercent: number,
  returnTrip = false,
): BookingPrice {
  return withCompanyDiscount(listPrice(trip, car, context, holidaySurchargePercent, returnTrip), context.discountBasisPoints);
}

/**
 * A company member's price (decision 0150): the list price less the company's discount, rounded
 * to the cent, the deposit taken on what is left (a member's booking has none once confirmed).
 */
function withCompanyDiscount(price: BookingPrice, basisPoints: number): BookingPrice {
  if (!price.bookable || basisPoints <= 0) return price;
  const cents = Math.round((price.totalCents * basisPoints) / 10_000);
  const totalCents = price.totalCents - cents;
  return { ...price, totalCents, depositCents: percentOfCents(totalCents, DEPOSIT_PERCENT), companyDiscount: { percent: basisPoints / 100, cents } };
}

function listPrice(trip: TripForPricing, car: PricedCar, context: PricingContext, holidaySurchargePercent: number, returnTrip: boolean): BookingPrice {
  if (trip.serviceType === 'hourly' || trip.serviceType === 'daily') return priceHireCar(trip, car, context, holidaySurchargePercent);
  if (trip.serviceType === 'tour') return priceTourCar(trip, car, context, holidaySurchargePercent);
  return priceTrip({
    distanceKm: trip.distanceKm,
    pickup: context.pickup,
    car,
    party: partyOf(trip),
    fixedRoutePriceCents: car.routePriceCents,
    seasons: context.catalogue.seasons,
    pricings: context.catalogue.pricingsByCar.get(car.id) ?? [],
    holidays: context.catalogue.holidays,
    holidaySurchargePercent,
    returnTrip,
  });
}

/** A car without a price for the booking is refused: 400 car_not_allowed, 409 no_season / no_pricing_band / no_hire_rate / no_tour_price. */
export function assertBookable(price: BookingPrice): asserts price is BookableBookingPrice {
  if (!price.bookable) throw new AppError(price.reason === 'car_not_allowed' ? 400 : 409, price.reason);
}
