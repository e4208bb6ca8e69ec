import { z } from 'zod';
import { DriverLanguage } from './driver-schemas.ts';

export const DriverItem = z.object({
  id: z.number().int(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  languages: z.array(DriverLanguage),
  active: z.boolean(),
  createdAt: z.string().meta({ format: 'date-time' }),
  updatedAt: z.string().meta({ format: 'date-time' }),
});
export type DriverItem = z.infer<typeof DriverItem>;
