import { z } from 'zod';
import { idField, integerField, optionalIntegerField, whenFieldsValid } from '../validation/form-fields.ts';
import { optionalEurosField } from './euros-to-cents.ts';

export const MAX_KM = 100_000;

/** A distance band: kmStart inclusive, kmEnd exclusive, no kmEnd for an open end. */
export interface KmBand {
  kmStart: number;
  kmEnd?: number | null | undefined;
}

/** Whether two km bands share a distance (half-open ranges: [0, 20) and [20, 50) do not). */
export function kmBandsOverlap(a: KmBand, b: KmBand): boolean {
  const aEnd = a.kmEnd ?? Number.POSITIVE_INFINITY;
  const bEnd = b.kmEnd ?? Number.POSITIVE_INFINITY;
  return a.kmStart < bEnd && b.kmStart < aEnd;
}

/**
 * Admin pricing row (POST /pricing/add, PUT /pricing/update/{id}). Prices are euros as typed
 * (numbers or text, dot or comma, two decimals at most); the API stores `eurosToCents(...)`.
 * minPrice is the band's fixed price ("prix fixe"), pricePerKm its rate; minPriceNight and
 * priceNight are the night counterparts (columns min_price_night, price_night). A fixed price or
 * a price per km is required ('price_required'); kmEnd, when given, must exceed kmStart
 * ('km_band_invalid'). Overlap with the car's other bands of the season is checked by the API
 * with `kmBandsOverlap` ('km_band_overlap', 409).
 */
export const PricingBody = z
  .object({
    carId: idField(),
    seasonId: idField(),
    kmStart: integerField(0, MAX_KM),
    kmEnd: optionalIntegerField(1, MAX_KM),
    minPrice: optionalEurosField(),
    minPriceNight: optionalEurosField(),
    pricePerKm: optionalEurosField(),
    priceNight: optionalEurosField(),
  })
  .refine((body) => body.minPrice !== undefined || body.pricePerKm !== undefined, {
    message: 'price_required',
    path: ['minPrice'],
    ...whenFieldsValid('minPrice', 'pricePerKm'),
  })
  .refine((body) => body.kmEnd === undefined || body.kmEnd > body.kmStart, {
    message: 'km_band_invalid',
    path: ['kmEnd'],
    ...whenFieldsValid('kmStart', 'kmEnd'),
  });
export type PricingBody = z.infer<typeof PricingBody>;
