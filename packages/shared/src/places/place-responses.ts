import { z } from 'zod';

export const OriginItem = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable().meta({ description: 'Display name and URL slug of the price-list page; null: use name' }),
});
export type OriginItem = z.infer<typeof OriginItem>;

export const DestinationItem = z.object({ id: z.number().int(), name: z.string(), originId: z.number().int() });
export type DestinationItem = z.infer<typeof DestinationItem>;
