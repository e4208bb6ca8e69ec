import { z } from 'zod';
import type { CarRow } from './cars-repository.ts';

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

export function toCarItem(row: CarRow): CarItem {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    model: row.model,
    seats: row.seats,
    packages: row.packages,
    img_url: row.imgUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
