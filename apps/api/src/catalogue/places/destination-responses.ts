import { z } from 'zod';
import type { DestinationRow } from './destinations-repository.ts';

export const DestinationItem = z.object({ id: z.number().int(), name: z.string(), originId: z.number().int() });

export const toDestinationItem = (row: DestinationRow): z.infer<typeof DestinationItem> => ({
  id: row.id,
  name: row.name,
  originId: row.originId,
});
