import { z } from 'zod';

/** A car as the admin table and the public price list show it (spec naming: img_url, createdAt). */
export const CarItem = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  model: z.string(),
  seats: z.number().int(),
  packages: z.number().int().meta({ description: 'Luggage capacity (pieces)' }),
  img_url: z.string().nullable().meta({ description: 'Path under the API host, e.g. /uploads/<name>.webp' }),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type CarItem = z.infer<typeof CarItem>;
