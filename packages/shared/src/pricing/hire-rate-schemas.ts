import { z } from 'zod';
import { idField, integerField } from '../validation/form-fields.ts';
import { eurosField, optionalEurosField } from './euros-to-cents.ts';

/** Longest hire billed by the hour; a longer one is a hire by the day. */
export const MAX_HIRE_HOURS = 24;

/**
 * Admin hourly rate of one car in one season (POST /hourlyRate/add, PUT /hourlyRate/update/{id};
 * issue 22). Prices are euros as typed (the API stores cents): pricePerHour, pricePerExtraKm and
 * the optional pricePerDay, which caps a long hourly hire and prices a hire by the day (whole
 * euros). minHours is the least a hire is billed; kmIncludedPerHour the km each billed hour
 * includes. One rate per car and season ('hire_rate_exists', 409).
 */
export const HourlyRateBody = z.object({
  carId: idField(),
  seasonId: idField(),
  pricePerHour: eurosField(),
  minHours: integerField(1, MAX_HIRE_HOURS),
  kmIncludedPerHour: integerField(0, 200),
  pricePerExtraKm: eurosField(),
  pricePerDay: optionalEurosField().refine((euros) => euros === undefined || Number.isInteger(euros), { message: 'price_invalid' }),
});
export type HourlyRateBody = z.infer<typeof HourlyRateBody>;
