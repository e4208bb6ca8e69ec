import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/platform/db/client.ts';
import { refreshTokens, scheduledJobs, users } from '../../src/platform/db/schema.ts';
import { createJobRunner, type JobDefinition } from '../../src/platform/jobs/job-runner.ts';
import { cancelJob, scheduleJob } from '../../src/platform/jobs/scheduled-jobs.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

const silentLog = { warn() {}, error() {}, info() {} } as never;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const jobRow = async (key: string) => (await ctx.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key)))[0];

describe('scheduled jobs', () => {
  it('runs a due job once although several processes poll at once, and a key once', async () => {
    const runs: string[] = [];
    const note: JobDefinition = { name: 'note', run: async (payload) => void runs.push(String(payload.text)) };
    const db = ctx.database.db;
    expect(await scheduleJob(db, { key: 'note-1', name: 'note', payload: { text: 'first' } })).toBe(true);
    expect(await scheduleJob(db, { key: 'note-1', name: 'note', payload: { text: 'again' } })).toBe(false);
    await scheduleJob(db, { key: 'note-later', name: 'note', payload: { text: 'later' }, runAt: new Date(Date.now() + 3_600_000) });

    const url = (ctx.database as { url?: string }).url;
    const databases = url ? [createDatabase({ kind: 'postgres', url }), createDatabase({ kind: 'postgres', url })] : [ctx.database, ctx.database];
    const runners = databases.map((d) => createJobRunner({ db: d.db, log: silentLog, jobs: [note], pollMs: 1000 }));
    const done = await Promise.all([...runners, ...runners].map((r) => r.runDue()));
    expect(done.reduce((a, b) => a + b, 0)).toBe(1);
    expect(runs).toEqual(['first']);
    expect(await jobRow('note-1')).toMatchObject({ status: 'done', attempts: 1 });
    expect(await jobRow('note-later')).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await cancelJob(db, 'note-later')).toBe(true);
    expect(await jobRow('note-later')).toBeUndefined();
    if (url) await Promise.all(databases.map((d) => d.close()));
  });

  it('retries a failing job with backoff, then marks it failed', async () => {
    const db = ctx.database.db;
    const flaky: JobDefinition = { name: 'flaky', maxAttempts: 2, run: () => Promise.reject(new Error('remote down')) };
    const runner = createJobRunner({ db, log: silentLog, jobs: [flaky], pollMs: 1000 });
    await scheduleJob(db, { key: 'flaky-1', name: 'flaky' });
    expect(await runner.runDue()).toBe(0);
    const retry = await jobRow('flaky-1');
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, lastError: 'remote down' });
    expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await db.update(scheduledJobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(scheduledJobs.key, 'flaky-1'));
    await runner.runDue();
    expect(await jobRow('flaky-1')).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('purges expired credentials every day through the server', async () => {
    const db = ctx.database.db;
    const [user] = await db.insert(users).values({ fullName: 'Old', email: 'old-tokens@example.test', phone: '+33600000000', passwordHash: 'x' }).returning();
    const token = (hash: string, days: number) => ({ userId: user!.id, familyId: crypto.randomUUID(), tokenHash: hash, expiresAt: new Date(Date.now() + days * 86_400_000) });
    await db.insert(refreshTokens).values([token('long-expired', -3), token('still-valid', 10)]);

    // The server's other recurring jobs (the chauffeurs' digest planner) run in the same pass.
    expect(await ctx.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect((await db.select().from(refreshTokens).where(eq(refreshTokens.userId, user!.id))).map((t) => t.tokenHash)).toEqual(['still-valid']);
    const row = await jobRow('purge-expired-credentials');
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.finishedAt).not.toBeNull();
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await ctx.app.jobs.runDue()).toBe(0);
  });
});
