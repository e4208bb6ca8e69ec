import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { bookings } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';

/**
 * Visitors' quotes nobody claimed (no account, still a draft or car_selected) are deleted
 * QUOTE_RETENTION_DAYS after they were made, with their stops and history (decision 0092). A
 * claimed or confirmed booking has an account and is never touched.
 */
export function purgeUnclaimedQuotesJob(config: Pick<Config, 'QUOTE_RETENTION_DAYS'>): JobDefinition {
  return {
    name: 'purge-unclaimed-quotes',
    everySeconds: 6 * 3600,
    async run(_payload, { db, log }) {
      const rows = await db
        .delete(bookings)
        .where(
          and(
            isNull(bookings.userId),
            inArray(bookings.status, ['draft', 'car_selected']),
            lt(bookings.createdAt, sql`now() - make_interval(days => ${config.QUOTE_RETENTION_DAYS})`),
          ),
        )
        .returning({ id: bookings.id });
      log.info({ quotes: rows.length }, 'unclaimed quotes purged');
    },
  };
}
