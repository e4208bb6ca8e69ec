import { HIRE_DAY_HOURS } from '../pricing/price-hire.ts';
import { getParisParts, parisIsoDate, parisWallTimeToInstant, shiftIsoDate } from '../time/paris-time.ts';
import type { ServiceType } from './service-types.ts';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** What a booking's times depend on (its columns). */
export interface HireTiming {
  serviceType: ServiceType;
  pickupAt: Date;
  /** Hourly and tour: the booked minutes. */
  hireMinutes: number | null;
  /** Daily: the days. */
  hireDays: number | null;
}

/** A block of time a hire books the car and chauffeur for, before any buffer. */
export interface HireBlock {
  /** 1 for the first day (or the only block). */
  day: number;
  from: Date;
  to: Date;
}

/**
 * The blocks of time a hire books (issue 22, decision 0127): by the hour or a tour, one block
 * from pickup for its minutes; by the day, one block per day from the pickup's time of day on
 * Paris clocks (the same wall time each calendar day, across clock changes) for `HIRE_DAY_HOURS`.
 * Null for a transfer, or a hire whose duration is missing.
 */
export function hireBlocks(hire: HireTiming): HireBlock[] | null {
  if (hire.serviceType === 'transfer') return null;
  if (hire.serviceType === 'daily') {
    if (hire.hireDays === null || hire.hireDays < 1) return null;
    const start = getParisParts(hire.pickupAt);
    const firstDay = parisIsoDate(hire.pickupAt);
    return Array.from({ length: hire.hireDays }, (_, index) => {
      const [year, month, day] = shiftIsoDate(firstDay, index).split('-').map(Number) as [number, number, number];
      const from = index === 0 ? hire.pickupAt : parisWallTimeToInstant({ year, month, day, hour: start.hour, minute: start.minute });
      return { day: index + 1, from, to: new Date(from.getTime() + HIRE_DAY_HOURS * HOUR_MS) };
    });
  }
  if (hire.hireMinutes === null || hire.hireMinutes <= 0) return null;
  return [{ day: 1, from: hire.pickupAt, to: new Date(hire.pickupAt.getTime() + hire.hireMinutes * MINUTE_MS) }];
}

/** A hire's booked end (the `ends_at` column): its last block's end; null for a transfer. */
export function hireEndsAt(hire: HireTiming): Date | null {
  return hireBlocks(hire)?.at(-1)?.to ?? null;
}
