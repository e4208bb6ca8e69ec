import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { purgePositions } from './positions-repository.ts';

/**
 * The chauffeur's positions are kept only until a few hours after the trip (decisions §9,
 * decision 0132): each row's `keep_until` was set when it came (POSITION_RETENTION_HOURS after the
 * trip's end); this job deletes those past it every quarter of an hour, judged on the app's clock.
 */
export const purgePositionsJob: JobDefinition = {
  name: 'purge-positions',
  everySeconds: 15 * 60,
  async run(_payload, { db, log }) {
    const deleted = await purgePositions(db, new Date());
    log.info({ positions: deleted }, 'positions purged');
  },
};
