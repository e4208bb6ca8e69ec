import { test } from '@playwright/test';
import { dateTimeIn } from '../booking/booking-steps';

/**
 * `daysAhead`, moved to days of this worker's own on the shared e2e database: parallel workers
 * (40 days apart), a retry's fresh worker (13 days further) and each run of `--repeat-each`
 * (100 days further, to check a spec several times in a row) never book the same day.
 */
export function workerDay(daysAhead: number): number {
  const { parallelIndex, retry, repeatEachIndex } = test.info();
  return daysAhead + 40 * parallelIndex + 13 * retry + 100 * repeatEachIndex;
}

/**
 * A pickup on this worker's and this attempt's own day (see workerDay), as a datetime-local value.
 * A trip booked by a failed attempt still holds its car, so a retry must book another one.
 */
export function tripDateTime(daysAhead: number, time: string): string {
  return dateTimeIn(workerDay(daysAhead), time);
}
