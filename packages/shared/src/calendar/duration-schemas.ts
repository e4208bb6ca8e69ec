import { z } from 'zod';
import { integerField, requiredText } from '../validation/form-fields.ts';

/** Longest route duration an admin may record: seven days, in minutes. */
export const MAX_DURATION_MINUTES = 7 * 24 * 60;

/** Admin route duration (/duration add and update): origin and destination text, minutes. */
export const DurationBody = z.object({
  origin: requiredText(300),
  destination: requiredText(300),
  duration: integerField(1, MAX_DURATION_MINUTES),
});
export type DurationBody = z.infer<typeof DurationBody>;
