import { addDays } from '../calendar/easter-sunday.ts';
import { HIRE_DAY_HOURS } from '../pricing/price-hire.ts';
import { getParisParts, parisWallTimeToInstant } from '../time/paris-time.ts';
import type { ServiceType } from './service-types.ts';

/** One block of a hire's time: the whole hire, or one day of a hire by the day (`day` from 1). */
export type HirePeriod = { day: number | null; start: Date; end: Date };

export type HireTiming = {
  serviceType: ServiceType;
  pickupAt: Date;
  endsAt: Date | null;
  hireMinutes: number | null;
  hireDays: number | null;
};

/**
 * The blocks of time a hire is booked for (issue 22, decision 0137): by the hour and a tour, one
 * block from pickup to its booked end; by the day, one block per day, each from the pickup's time
 * of day on Paris clocks (the same wall time across a clock change) to HIRE_DAY_HOURS later, the
 * last one ending at `endsAt`. A transfer has none. What the mails, the calendar file, the voucher,
 * the chauffeur's page, the digest and the planning show, so they all say the same days.
 */
export function hirePeriods(hire: HireTiming): HirePeriod[] {
  if (hire.serviceType === 'transfer') return [];
  if (hire.serviceType === 'daily') {
    const days = Math.max(1, hire.hireDays ?? 1);
    const p = getParisParts(hire.pickupAt);
    return Array.from({ length: days }, (_, index) => {
      const start = index === 0 ? hire.pickupAt : parisWallTimeToInstant({ ...addDays({ year: p.year, month: p.month, day: p.day }, index), hour: p.hour, minute: p.minute });
      return { day: index + 1, start, end: new Date(start.getTime() + HIRE_DAY_HOURS * 3_600_000) };
    });
  }
  const end = hire.endsAt ?? new Date(hire.pickupAt.getTime() + (hire.hireMinutes ?? 0) * 60_000);
  return [{ day: null, start: hire.pickupAt, end }];
}
