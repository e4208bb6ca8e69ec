import { and, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { scheduledJobs } from '../db/schema.ts';

export type JobRequest = {
  /** Names the job once: scheduling a key already present (pending or done) changes nothing. */
  key: string;
  /** The handler that runs it (see job-runner.ts). */
  name: string;
  runAt?: Date;
  payload?: Record<string, unknown>;
};

/**
 * Schedules a job to run once, across every process, at `runAt` (now by default). Call it with
 * the transaction of the change that calls for it, so both are saved or neither. Resolves true
 * when the job was added, false when its key was already taken.
 */
export async function scheduleJob(tx: DbOrTx, job: JobRequest): Promise<boolean> {
  const rows = await tx
    .insert(scheduledJobs)
    .values({ key: job.key, name: job.name, runAt: job.runAt ?? sql`now()`, payload: job.payload ?? {} })
    .onConflictDoNothing({ target: scheduledJobs.key })
    .returning({ id: scheduledJobs.id });
  return rows.length > 0;
}

/** Drops a job that has not started yet (e.g. a reminder of a booking since cancelled). */
export async function cancelJob(tx: DbOrTx, key: string): Promise<boolean> {
  const rows = await tx
    .delete(scheduledJobs)
    .where(and(eq(scheduledJobs.key, key), eq(scheduledJobs.status, 'pending')))
    .returning({ id: scheduledJobs.id });
  return rows.length > 0;
}

/**
 * Schedules a job, or moves the one already under its key to the new time and payload while it
 * has not started (a reminder whose booking moved): one job per key, never two. A job already
 * done or running is left alone; resolves true when a job now waits at `runAt`.
 */
export async function rescheduleJob(tx: DbOrTx, job: JobRequest & { runAt: Date }): Promise<boolean> {
  const rows = await tx
    .insert(scheduledJobs)
    .values({ key: job.key, name: job.name, runAt: job.runAt, payload: job.payload ?? {} })
    .onConflictDoUpdate({
      target: scheduledJobs.key,
      set: { runAt: job.runAt, payload: job.payload ?? {}, attempts: 0, lastError: null },
      setWhere: eq(scheduledJobs.status, 'pending'),
    })
    .returning({ id: scheduledJobs.id });
  return rows.length > 0;
}

/** Drops every job not yet started whose key begins with `prefix` (all the reminders of a booking). */
export async function cancelJobsStartingWith(tx: DbOrTx, prefix: string): Promise<number> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .delete(scheduledJobs)
    .where(and(like(scheduledJobs.key, pattern), eq(scheduledJobs.status, 'pending')))
    .returning({ id: scheduledJobs.id });
  return rows.length;
}
