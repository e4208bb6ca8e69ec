import { z } from 'zod';
import { eurosField } from '../pricing/euros-to-cents.ts';
import { MAX_HIRE_HOURS } from '../pricing/hire-rate-schemas.ts';
import { message } from '../i18n/error-messages.ts';
import { booleanField, idField, integerField, jsonField, requiredText, toNumberInput } from '../validation/form-fields.ts';

export const MAX_TOUR_DEPARTURES = 10;
export const MAX_TOUR_VISITS = 20;

/** A named point: a tour's departure place or a place it visits (drawn on the map). */
export const TourPlace = z.object({
  name: requiredText(120),
  lat: coordinateField(-90, 90),
  lon: coordinateField(-180, 180),
});

/** A latitude or longitude in degrees, as a number or numeric text (a form's input). */
function coordinateField(min: number, max: number) {
  return z.preprocess(
    (value: number | string) => toNumberInput(value),
    z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_number') }).min(min, message('out_of_range', { min, max })).max(max, message('out_of_range', { min, max })),
  );
}
export type TourPlace = z.infer<typeof TourPlace>;

/** One car's price for the tour in one season, euros as typed. */
export const TourPriceInput = z.object({ carId: idField(), seasonId: idField(), price: eurosField() });
export type TourPriceInput = z.infer<typeof TourPriceInput>;

/**
 * The tour form (multipart POST /tour/add and PUT /tour/update/{id}, file `img` for the photo;
 * issue 22): names and descriptions in the three languages, the duration in whole hours, the
 * departure places, the places visited, and the price per car and season (one each:
 * 'duplicate_car'). departures, visits and prices arrive as JSON text in multipart.
 */
export const TourBody = z.object({
  nameFr: requiredText(120),
  nameEn: requiredText(120),
  nameAr: requiredText(120),
  descriptionFr: requiredText(2_000),
  descriptionEn: requiredText(2_000),
  descriptionAr: requiredText(2_000),
  durationHours: integerField(1, MAX_HIRE_HOURS),
  hidden: booleanField(),
  departures: jsonField(z.array(TourPlace, { error: 'invalid_value' }).min(1, { error: 'required' }).max(MAX_TOUR_DEPARTURES, { error: 'invalid_value' })),
  visits: jsonField(z.array(TourPlace, { error: 'invalid_value' }).min(1, { error: 'required' }).max(MAX_TOUR_VISITS, { error: 'invalid_value' })),
  prices: jsonField(
    z
      .array(TourPriceInput, { error: 'invalid_value' })
      .min(1, { error: 'tour_price_required' })
      .max(200, { error: 'invalid_value' })
      .refine((prices) => new Set(prices.map((price) => `${price.carId}:${price.seasonId}`)).size === prices.length, { message: 'duplicate_car' }),
  ),
});
export type TourBody = z.infer<typeof TourBody>;
