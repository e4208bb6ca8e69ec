import { test } from '@playwright/test';

/**
 * `daysAhead`, moved to days of this worker's own on the shared e2e database: parallel workers
 * (40 days apart) and a retry's fresh worker (13 days further) never book the same day.
 */
export function workerDay(daysAhead: number): number {
  const { parallelIndex, retry } = test.info();
  return daysAhead + 40 * parallelIndex + 13 * retry;
}
