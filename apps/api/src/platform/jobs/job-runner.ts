import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { scheduledJobs } from '../db/schema.ts';
import { scheduleJob } from './scheduled-jobs.ts';

export type JobContext = { db: Db; log: FastifyBaseLogger; key: string; attempt: number };

export type JobDefinition = {
  name: string;
  run(payload: Record<string, unknown>, context: JobContext): Promise<void>;
  /** A recurring job: one row under the key `name`, moved this many seconds ahead after each run. */
  everySeconds?: number;
  maxAttempts?: number;
};

export type JobRunner = {
  /** Runs every job that is due now, one at a time; resolves with how many succeeded. */
  runDue(): Promise<number>;
  start(): void;
  /** Stops polling and resolves once the job in flight, if any, has finished. */
  stop(): Promise<void>;
};

/** 30 s, 1 min, 2 min, ... capped at 1 h. */
function retryDelaySeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}

/**
 * Runs scheduled jobs from the `scheduled_jobs` table (decision 0062). Each due row is claimed
 * with `FOR UPDATE SKIP LOCKED` and a lease, so one process runs it however many poll; a process
 * that dies mid-job leaves a lapsed lease and the job runs again, hence handlers must be safe to
 * repeat. A failure is retried with backoff up to `maxAttempts`, then marked failed.
 */
export function createJobRunner(deps: {
  db: Db;
  log: FastifyBaseLogger;
  jobs: JobDefinition[];
  pollMs: number;
  leaseSeconds?: number;
}): JobRunner {
  const { db, log } = deps;
  const leaseSeconds = deps.leaseSeconds ?? 600;
  const definitions = new Map(deps.jobs.map((job) => [job.name, job]));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopping = false;
  let recurringScheduled = false;

  /** The first run of each recurring job; a key already there (another process, an earlier start) stays. */
  async function scheduleRecurring() {
    for (const job of definitions.values()) {
      if (job.everySeconds) await scheduleJob(db, { key: job.name, name: job.name });
    }
    recurringScheduled = true;
  }

  async function claimOne() {
    const next = db
      .select({ id: scheduledJobs.id })
      .from(scheduledJobs)
      .where(
        and(
          inArray(scheduledJobs.name, [...definitions.keys()]),
          or(
            and(eq(scheduledJobs.status, 'pending'), lte(scheduledJobs.runAt, sql`now()`)),
            and(eq(scheduledJobs.status, 'running'), lte(scheduledJobs.lockedUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(asc(scheduledJobs.runAt), asc(scheduledJobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(scheduledJobs)
      .set({
        status: 'running',
        attempts: sql`${scheduledJobs.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(inArray(scheduledJobs.id, next))
      .returning();
    return row;
  }

  async function runJob(row: typeof scheduledJobs.$inferSelect): Promise<boolean> {
    const job = definitions.get(row.name)!;
    // Only the row under the job's own name recurs; other keys are one-off runs of the same handler.
    const every = row.key === job.name ? job.everySeconds : undefined;
    try {
      await job.run(row.payload, { db, log, key: row.key, attempt: row.attempts });
    } catch (error) {
      const failed = row.attempts >= (job.maxAttempts ?? 5);
      log.warn({ err: error, job: row.name, key: row.key, attempt: row.attempts }, failed ? 'job failed for good' : 'job failed, will retry');
      await db
        .update(scheduledJobs)
        .set({
          status: failed && !every ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          // A recurring job that used up its attempts waits for its next turn instead.
          attempts: failed && every ? 0 : row.attempts,
          runAt: sql`now() + make_interval(secs => ${failed && every ? every : retryDelaySeconds(row.attempts)})`,
        })
        .where(eq(scheduledJobs.id, row.id));
      return false;
    }
    await db
      .update(scheduledJobs)
      .set(
        every
          ? { status: 'pending', attempts: 0, lockedUntil: null, lastError: null, finishedAt: sql`now()`, runAt: sql`now() + make_interval(secs => ${every})` }
          : { status: 'done', lockedUntil: null, lastError: null, finishedAt: sql`now()` },
      )
      .where(eq(scheduledJobs.id, row.id));
    log.info({ job: row.name, key: row.key }, 'job done');
    return true;
  }

  async function runDue(): Promise<number> {
    if (running) await running.catch(() => 0);
    running = (async () => {
      if (!recurringScheduled) await scheduleRecurring();
      let done = 0;
      while (!stopping) {
        const row = await claimOne();
        if (!row) break;
        if (await runJob(row)) done += 1;
      }
      return done;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  return {
    runDue,
    start() {
      if (timer) return;
      stopping = false;
      const tick = () => {
        if (running) return;
        runDue().catch((error: unknown) => log.error({ err: error }, 'job runner failed'));
      };
      timer = setInterval(tick, deps.pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
  };
}
