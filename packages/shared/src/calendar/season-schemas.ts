import { z } from 'zod';
import { integerField } from '../validation/form-fields.ts';

export const SEASON_NAMES = ['summer', 'winter', 'spring', 'autumn'] as const;
export const SeasonName = z.enum(SEASON_NAMES, { error: 'season_name_invalid' });
export type SeasonName = z.infer<typeof SeasonName>;

/** A month 1-12, as a number or numeric text ('month_invalid'). */
export const Month = integerField(1, 12, 'month_invalid');

/**
 * Admin season (/season add and update). Only the four correct spellings are accepted (the
 * legacy typo of "summer" is not part of the contract, see docs/decisions). A range may wrap the
 * year end (startMonth 11, endMonth 2); startMonth = endMonth is a one-month season. Overlap
 * with other seasons is checked by the API with `seasonsOverlap` ('season_overlap', 409).
 */
export const SeasonBody = z.object({
  name: z.preprocess((value: string) => (typeof value === 'string' ? value.trim().toLowerCase() : value), SeasonName),
  startMonth: Month,
  endMonth: Month,
});
export type SeasonBody = z.infer<typeof SeasonBody>;
