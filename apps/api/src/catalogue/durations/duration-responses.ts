import { z } from 'zod';
import type { DurationRow } from './durations-repository.ts';

export const DurationItem = z.object({
  id: z.number().int(),
  origin: z.string(),
  destination: z.string(),
  duration: z.number().int().meta({ description: 'Minutes' }),
  createdAt: z.string().meta({ format: 'date-time' }),
});

export const toDurationItem = (row: DurationRow): z.infer<typeof DurationItem> => ({
  id: row.id,
  origin: row.origin,
  destination: row.destination,
  duration: row.durationMinutes,
  createdAt: row.createdAt.toISOString(),
});
