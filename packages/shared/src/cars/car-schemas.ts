import { z } from 'zod';
import { integerField, requiredText } from '../validation/form-fields.ts';

export const MAX_CAR_SEATS = 20;
export const MAX_CAR_PACKAGES = 20;

/**
 * Text fields of the car form (multipart POST /car/add and PUT /car/update/{id}, field `img`
 * for the image). Multipart and form values are text, so seats and packages accept numeric text.
 */
export const CarBody = z.object({
  name: requiredText(100),
  number: requiredText(30),
  model: requiredText(100),
  seats: integerField(1, MAX_CAR_SEATS),
  packages: integerField(0, MAX_CAR_PACKAGES),
});
export type CarBody = z.infer<typeof CarBody>;

/** PUT /car/visibility/{id}: hide a car from customers (true) or offer it again (false). */
export const CarVisibilityBody = z.object({
  hidden: z.boolean({ error: 'invalid_value' }),
});
export type CarVisibilityBody = z.infer<typeof CarVisibilityBody>;
