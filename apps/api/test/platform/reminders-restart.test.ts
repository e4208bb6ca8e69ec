import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { createDatabase, type Database } from '../../src/platform/db/client.ts';
import { mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { pendingReminderKey } from '../../src/booking/reminders/booking-reminders.ts';
import { registerUser } from '../support/auth-helpers.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp } from '../support/test-app.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { demoCars, mailText, NEXT_YEAR, pendingBooking } from '../booking/booking-helpers.ts';

/**
 * A reminder survives a restart (decision 0086): the real server is stopped before the
 * company's reminder is due, the reminder falls due while no process runs, and the server
 * started again sends it, once. On PostgreSQL, and on PGlite in the server's own data folder
 * (opened by the test only while the server is stopped: PGlite is one process's database).
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

describe('a reminder across a restart', () => {
  let postgres: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-restart-'));
  let server: ServerProcess | undefined;

  /** The server's database for the test's own reads and writes: PGlite only while no server runs. */
  async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
    if (postgres) return use(postgres);
    const database = createDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      await database.migrate();
      return await use(database);
    } finally {
      await database.close();
    }
  }

  const start = () =>
    startServerProcess({
      ...(postgres && { DATABASE_URL: postgres.url! }),
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

  async function stop(): Promise<void> {
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
  }

  beforeAll(async () => {
    if (onPostgres) postgres = await createTestDatabase();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await server?.kill();
    await sink?.close();
    await postgres?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the reminder due while the server was down once it runs again, and only once', async () => {
    // The booking is confirmed through the app, which schedules the reminders in that transaction.
    const bookingId = await withDatabase(async (database) => {
      const setup = await createTestApp({ COMPANY_EMAIL: COMPANY }, { database });
      try {
        await seedDemoData(database.db);
        const customer = await registerUser(setup.app);
        return await pendingBooking(setup.app, customer.token, (await demoCars(database.db)).vclass, { date: `${NEXT_YEAR}-07-01T10:00` });
      } finally {
        await setup.close();
      }
    });
    const key = pendingReminderKey(bookingId, 30);
    const jobOf = (database: Database) => database.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, key));
    const remindersSent = () => sink.received.filter((mail) => mailText(mail.raw).includes('attend votre réponse depuis 30 min'));

    // The server runs its jobs (the digest planner) but the reminder is 30 minutes away.
    server = await start();
    await server.waitForOutput('"key":"driver-digest-planner"');
    await stop();
    expect(remindersSent()).toEqual([]);

    // Half an hour passes while no process runs: the reminder falls due.
    await withDatabase(async (database) => {
      expect((await jobOf(database))[0]).toMatchObject({ status: 'pending', attempts: 0 });
      await database.db.update(scheduledJobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(scheduledJobs.key, key));
    });

    server = await start();
    await until(() => remindersSent().length > 0, 30_000, 'the reminder to be sent');
    await stop();

    await withDatabase(async (database) => {
      expect((await jobOf(database))[0]).toMatchObject({ status: 'done', attempts: 1 });
      const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'pending_reminder_company'));
      expect(rows.map((row) => [row.dedupeKey, row.status])).toEqual([[key, 'sent']]);
      const delivered = remindersSent();
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.to).toEqual([COMPANY]);
      expect(delivered[0]!.raw).toContain(`Message-ID: <outbox-${rows[0]!.id}@`);
    });
  }, 300_000);
});
