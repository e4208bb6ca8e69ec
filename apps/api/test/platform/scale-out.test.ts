import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { scheduleJob } from '../../src/platform/jobs/scheduled-jobs.ts';
import { enqueueMail } from '../../src/platform/mail/outbox.ts';
import { upsertAdmin } from '../../src/accounts/auth/ensure-admin.ts';
import { photo } from '../catalogue/catalogue-helpers.ts';
import { PASSWORD } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer (decisions
 * §7). PostgreSQL only: PGlite is one process's embedded database.
 */
const onPostgres = Boolean(inject('postgresUrl'));

type Server = ServerProcess;

/** Polls until `check` holds, for at most `ms`; no fixed sleeps. */
async function until(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const jobDoneLines = (servers: Server[], key: string) =>
  servers.flatMap((s) => s.output().split('\n')).filter((line) => line.includes('"msg":"job done"') && line.includes(`"key":"${key}"`));

describe.skipIf(!onPostgres)('two API processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const servers: Server[] = [];
  const dataDirs: string[] = [];
  const written = new Map<number, number[]>();
  const adminEmail = 'scale-out-admin@example.test';

  beforeAll(async () => {
    database = await createTestDatabase();
    // Each answer of this SMTP server comes late; with a one-second lease, a batch of mails
    // claimed at once would outlive its lease and be sent again by the other process.
    sink = await startSmtpSink({ delayMs: 120 });
    const db = database.db;
    await upsertAdmin(db, { email: adminEmail, password: PASSWORD });
    await scheduleJob(db, { key: 'scale-out-once', name: 'purge-expired-credentials' });

    for (let i = 0; i < 2; i += 1) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'vtc-scale-'));
      dataDirs.push(dataDir);
      servers.push(
        await startServerProcess({
          DATABASE_URL: database.url!,
          DATA_DIR: dataDir,
          JWT_SECRET: 'scale-out-secret-long-enough-for-hs256-signing',
          SMTP_URL: sink.url,
          MAIL_POLL_MS: '100',
          MAIL_LEASE_SECONDS: '1',
          JOB_POLL_MS: '100',
          SEED_DEMO: 'false',
          LOG_LEVEL: 'info',
          PUBLIC_URL: 'http://localhost:3000',
        }),
      );
    }
    // Thirty mails of ten bookings, interleaved as concurrent requests write them, once both processes
    // are up: written before, they could all be sent by the first before the second had started.
    for (let i = 0; i < 30; i += 1) {
      const bookingId = 7000 + (i % 10);
      const id = await enqueueMail(db, { kind: 'test', to: `scale-${i}@example.test`, subject: `scale ${i}`, text: 'x', bookingId });
      written.set(bookingId, [...(written.get(bookingId) ?? []), id]);
    }
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await sink?.close();
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('serves through one process an image uploaded through the other', async () => {
    const [a, b] = servers as [Server, Server];
    const login = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: adminEmail, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    for (const [name, value] of Object.entries({ name: 'Classe V', number: 'AB-1', model: 'V 300', seats: '7', packages: '7' })) form.append(name, value);
    form.append('img', new Blob([await photo('jpeg', { width: 2000, height: 1000 })], { type: 'image/jpeg' }), 'van.jpg');
    const added = await fetch(`${a.url}/api/car/add`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(added.status).toBe(201);
    const { img_url: imgUrl } = ((await added.json()) as { data: { img_url: string } }).data;

    const served = await fetch(`${b.url}${imgUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });

    const missing = await fetch(`${b.url}/uploads/missing.webp`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends 30 mails once in total over a slow SMTP server, those of one booking in written order', async () => {
    const db = database.db;
    await until(
      async () => (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, 'sent'))).length >= 30,
      60_000,
      'the 30 mails to be sent',
    );
    const ids = sink.received.map((m) => Number(/Message-ID: <outbox-(\d+)@/.exec(m.raw)?.[1]));
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    for (const bookingIds of written.values()) expect(ids.filter((id) => bookingIds.includes(id))).toEqual(bookingIds);
    // Both processes took part: the test is about two senders, not one.
    expect(servers.every((s) => s.output().includes('"msg":"mail sent"'))).toBe(true);
  });

  it('counts sign-in attempts on one account across both processes', async () => {
    const [a, b] = servers as [Server, Server];
    const email = 'scale-out-customer@example.test';
    await upsertAdmin(database.db, { email, password: PASSWORD });
    const attempt = (server: Server, password: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({ email, password }),
      });
    // AUTH_ACCOUNT_MAX_ATTEMPTS is 5: guesses alternate between the processes and still add up.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await attempt(i % 2 === 0 ? a : b, `wrong-password-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const locked = await attempt(b, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await locked.json()).toMatchObject({ code: 'account_locked' });
    expect((await attempt(a, PASSWORD)).status).toBe(429);
  });

  it('runs a job due once in one process only, and the daily purge once', async () => {
    const db = database.db;
    await until(async () => (await db.select().from(scheduledJobs).where(eq(scheduledJobs.key, 'scale-out-once')))[0]?.status === 'done', 30_000, 'the job');
    const [once] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.key, 'scale-out-once'));
    expect(once).toMatchObject({ status: 'done', attempts: 1 });
    expect(jobDoneLines(servers, 'scale-out-once')).toHaveLength(1);
    await until(() => jobDoneLines(servers, 'purge-expired-credentials').length > 0, 30_000, 'the daily purge');
    expect(jobDoneLines(servers, 'purge-expired-credentials')).toHaveLength(1);
  });
});
