import { z } from 'zod';
import { SeasonName } from '../calendar/season-schemas.ts';
import { DestinationCoordinates } from '../places/place-responses.ts';

/** Response shapes of the catalogue's rates (km bands) and fixed routes (the public price list). */

const euros = (description: string) => z.number().nullable().meta({ description: `${description}, in EUR (null when not set)` });
const cents = (description: string) => z.number().int().nullable().meta({ description: `${description}, in integer cents (null when not set)` });

/**
 * A km band of one car in one season, in the spec's naming. Amounts come twice: EUR numbers to
 * fill the form (min_price 65.5) and integer cents (min_price_cents 6550), which are what is stored.
 */
export const PricingItem = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  seasonId: z.number().int(),
  km_start: z.number().int().meta({ description: 'Start of the band, inclusive' }),
  km_end: z.number().int().nullable().meta({ description: 'End of the band, exclusive; null is open ended' }),
  min_price: euros('Fixed day price'),
  price_perKm: euros('Day price per km'),
  min_price_night: euros('Fixed night price'),
  price_night: euros('Night price per km'),
  min_price_cents: cents('Fixed day price'),
  price_per_km_cents: cents('Day price per km'),
  min_price_night_cents: cents('Fixed night price'),
  price_night_cents: cents('Night price per km'),
  car: z.object({ id: z.number().int(), name: z.string(), img_url: z.string().nullable() }),
  season: z.object({ id: z.number().int(), name: SeasonName, start_month: z.number().int(), end_month: z.number().int() }),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type PricingItem = z.infer<typeof PricingItem>;

/** A fixed-price route with the price of each car that serves it. */
export const PricingListItem = z.object({
  id: z.number().int(),
  origin: z.object({ id: z.number().int(), name: z.string(), title: z.string().nullable() }),
  destination: z.object({ id: z.number().int(), name: z.string(), ...DestinationCoordinates }),
  place_to: z.string().nullable().meta({ description: 'Free-text label of the destination' }),
  pricingCars: z.array(
    z.object({
      id: z.number().int(),
      price: z.number().meta({ description: 'EUR' }),
      price_cents: z.number().int(),
      car: z.object({ id: z.number().int(), name: z.string(), img_url: z.string().nullable() }),
    }),
  ),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type PricingListItem = z.infer<typeof PricingListItem>;

/** The public price list: `{ data: [...] }`. */
export const PricingListResponse = z.object({ data: z.array(PricingListItem) });
export type PricingListResponse = z.infer<typeof PricingListResponse>;

/** A car as a column of the public price list. */
export const PriceListCar = z.object({
  id: z.number().int(),
  name: z.string(),
  img_url: z.string().nullable(),
  seats: z.number().int(),
  packages: z.number().int(),
});
export type PriceListCar = z.infer<typeof PriceListCar>;

/** A car's hourly rate in one season (hire with chauffeur, issue 22), in EUR and in cents. */
export const HourlyRateItem = z.object({
  id: z.number().int(),
  carId: z.number().int(),
  seasonId: z.number().int(),
  pricePerHour: z.number().meta({ description: 'EUR per hour' }),
  pricePerHourCents: z.number().int(),
  minHours: z.number().int().meta({ description: 'Hours billed at least' }),
  kmIncludedPerHour: z.number().int(),
  pricePerExtraKm: z.number().meta({ description: 'EUR per km beyond the included ones' }),
  pricePerExtraKmCents: z.number().int(),
  pricePerDay: euros('Day rate: caps a long hourly hire, prices a hire by the day'),
  pricePerDayCents: cents('Day rate'),
  car: z.object({ id: z.number().int(), name: z.string(), img_url: z.string().nullable() }),
  season: z.object({ id: z.number().int(), name: SeasonName, start_month: z.number().int(), end_month: z.number().int() }),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type HourlyRateItem = z.infer<typeof HourlyRateItem>;
