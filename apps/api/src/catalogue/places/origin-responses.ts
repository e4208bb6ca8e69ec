import { z } from 'zod';
import type { OriginRow } from './origins-repository.ts';

export const OriginItem = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable().meta({ description: 'Display name and URL slug of the price-list page; null: use name' }),
});

export const toOriginItem = (row: OriginRow): z.infer<typeof OriginItem> => ({ id: row.id, name: row.name, title: row.title });
