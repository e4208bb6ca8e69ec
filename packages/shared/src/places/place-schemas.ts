import { z } from 'zod';
import { idField, optionalText, requiredText } from '../validation/form-fields.ts';

/** Price-list origin (GET /origin/getAll gives {id, name, title}); title is the display name, name by default. */
export const OriginBody = z.object({
  name: requiredText(100),
  title: optionalText(100),
});
export type OriginBody = z.infer<typeof OriginBody>;

/** Price-list destination, reached from one origin. */
export const DestinationBody = z.object({
  name: requiredText(100),
  originId: idField(),
});
export type DestinationBody = z.infer<typeof DestinationBody>;
