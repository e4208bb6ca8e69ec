import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { pendingReminderKey } from '../../src/booking/reminders/booking-reminders.ts';
import { registerUser } from '../support/auth-helpers.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { demoCars, NEXT_YEAR, pendingBooking } from '../booking/booking-helpers.ts';

/**
 * A reminder survives a restart (decision 0086): the real server is stopped before the
 * company's reminder is due, the reminder falls due while no process runs, and the server
 * started again sends it, once. PostgreSQL only, as the other tests of real processes.
 */
const onPostgres = Boolean(inject('postgresUrl'));
const COMPANY = 'company-restart@riviera-vtc.test';

/** Polls until `check` holds, for at most `ms`; no fixed sleeps. */
async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(!onPostgres)('a reminder across a restart', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-restart-'));
  let server: ServerProcess | undefined;

  const start = () =>
    startServerProcess({
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      JWT_SECRET: 'restart-secret-long-enough-for-hs256-signing',
      SMTP_URL: sink.url,
      COMPANY_EMAIL: COMPANY,
      MAIL_POLL_MS: '100',
      JOB_POLL_MS: '100',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://localhost:3000',
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await server?.kill();
    await sink?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the reminder due while the server was down once it runs again, and only once', async () => {
    const db = database.db;
    // The booking is confirmed through the app, which schedules the reminders in that transaction.
    const setup = await createTestApp({ COMPANY_EMAIL: COMPANY }, { database });
    let bookingId: number;
    try {
      await seedDemoData(db);
      const customer = await registerUser(setup.app);
      bookingId = await pendingBooking(setup.app, customer.token, (await demoCars(db)).vclass, { date: `${NEXT_YEAR}-07-01T10:00` });
    } finally {
      await setup.close();
    }
    const key = pendingReminderKey(bookingId, 30);
    const reminderRows = () => db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, key));

    // The server runs its jobs (the digest planner) but the reminder is 30 minutes away.
    server = await start();
    await server.waitForOutput('"key":"driver-digest-planner"');
    expect((await db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key)))[0]).toMatchObject({ status: 'pending' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Half an hour passes while no process runs: the reminder falls due.
    await db.update(scheduledJobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(scheduledJobs.key, key));
    expect(await reminderRows()).toEqual([]);

    server = await start();
    await until(async () => (await reminderRows())[0]?.status === 'sent', 30_000, 'the reminder to be sent');
    expect((await db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key)))[0]).toMatchObject({ status: 'done', attempts: 1 });
    server.child.kill('SIGTERM');
    await server.exited;

    const [row] = await reminderRows();
    const delivered = sink.received.filter((mail) => mail.raw.includes(`Message-ID: <outbox-${row!.id}@`));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.to).toEqual([COMPANY]);
    const reminders = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'pending_reminder_company'));
    expect(reminders.map((mail) => mail.dedupeKey)).toEqual([key]);
  }, 120_000);
});
