import { z } from 'zod';
import { idField, optionalText, whenFieldsValid } from '../validation/form-fields.ts';
import { optionalEurosField } from './euros-to-cents.ts';

/**
 * One car's price on a route. The form shows a text input per car; a blank price means the car
 * is not offered on the route and the entry is dropped from the output.
 */
export const PricingListCar = z.object({
  carId: idField(),
  price: optionalEurosField(),
});

/**
 * Admin price-list entry (POST /pricingList/add, PUT /pricingList/update/{id}): place is the
 * destination id, placeFrom the origin id, placeTo an optional free-text label. carsList keeps
 * the priced cars only (euros; store with `eurosToCents`); at least one price is required
 * ('price_required') and a car appears once ('duplicate_car').
 */
export const PricingListBody = z
  .object({
    place: idField(),
    placeFrom: idField(),
    placeTo: optionalText(200),
    carsList: z.array(PricingListCar, { error: 'required' }),
  })
  .refine((body) => body.carsList.some((entry) => entry.price !== undefined), {
    message: 'price_required',
    path: ['carsList'],
    ...whenFieldsValid('carsList'),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    body.carsList.forEach((entry, index) => {
      if (entry.price === undefined) return;
      if (seen.has(entry.carId)) ctx.addIssue({ code: 'custom', message: 'duplicate_car', path: ['carsList', index, 'carId'] });
      seen.add(entry.carId);
    });
  }, whenFieldsValid('carsList'))
  .transform((body) => ({
    ...body,
    carsList: body.carsList.filter((entry): entry is { carId: number; price: number } => entry.price !== undefined),
  }));
export type PricingListBody = z.infer<typeof PricingListBody>;
