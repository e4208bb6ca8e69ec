import type { DurationRow } from './durations-repository.ts';
import type { DurationItem } from '@vtc/shared/calendar/calendar-responses';

export const toDurationItem = (row: DurationRow): DurationItem => ({
  id: row.id,
  origin: row.origin,
  destination: row.destination,
  duration: row.durationMinutes,
  createdAt: row.createdAt.toISOString(),
});
