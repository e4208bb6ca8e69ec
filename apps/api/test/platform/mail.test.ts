import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/platform/db/client.ts';
import { mailOutbox } from '../../src/platform/db/schema.ts';
import { enqueueMail } from '../../src/platform/mail/outbox.ts';
import { createOutboxWorker } from '../../src/platform/mail/outbox-worker.ts';
import { createMailTransport } from '../../src/platform/mail/transport.ts';
import { registerUser, uniqueEmail } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

const silentLog = { warn() {}, error() {}, info() {} } as never;

describe('outbox over SMTP', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Riviera VTC <no-reply@riviera-vtc.test>' });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it('sends the mail written with the change exactly once', async () => {
    const email = uniqueEmail('smtp');
    await registerUser(ctx.app, { email }, { verify: false });
    const [row] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(row).toMatchObject({ kind: 'email_verification', status: 'pending', attempts: 0 });

    expect(await ctx.app.outbox.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.outbox.runOnce()).toBe(0);
    const delivered = sink.received.filter((m) => m.to.includes(email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.raw).toContain('Subject: Confirmez votre adresse e-mail');
    expect(delivered[0]!.raw).toContain(`Message-ID: <outbox-${row!.id}@localhost>`);
    const [sent] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
  });

  it('lays out Arabic mail right to left', async () => {
    const email = uniqueEmail('ar');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'accept-language': 'ar' },
      payload: { fullName: 'سارة', email, phone: '+971501234567', password: 'long-enough-pass', confirmPassword: 'long-enough-pass', acceptTerms: true },
    });
    await ctx.app.outbox.runOnce();
    const mail = sink.received.find((m) => m.to.includes(email));
    expect(mail?.raw).toContain('dir=3D"rtl"');
  });

  it('keeps a mail when the server is down and delivers it on a later try', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, { kind: 'test', to: 'later@example.test', subject: 'Retry me', text: 'hello' });
    const down = createOutboxWorker({
      db,
      transport: createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', mailDir: ctx.config.MAIL_DIR }),
      from: 'x@riviera-vtc.test',
      messageIdDomain: 'riviera-vtc.test',
      maxAttempts: 5,
      pollMs: 1000,
      log: silentLog,
    });
    expect(await down.runOnce()).toBe(0);
    const [failed] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Not due yet: the healthy worker leaves it alone until its backoff has passed.
    await ctx.app.outbox.runOnce();
    expect(sink.received.some((m) => m.to.includes('later@example.test'))).toBe(false);
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
    await ctx.app.outbox.runOnce();
    expect(sink.received.filter((m) => m.to.includes('later@example.test'))).toHaveLength(1);
    const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, { kind: 'test', to: 'never@example.test', subject: 'x', text: 'x' });
    const down = createOutboxWorker({
      db,
      transport: createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', mailDir: ctx.config.MAIL_DIR }),
      from: 'x@riviera-vtc.test',
      messageIdDomain: 'riviera-vtc.test',
      maxAttempts: 1,
      pollMs: 1000,
      log: silentLog,
    });
    await down.runOnce();
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.status).toBe('failed');
  });

  it('never sends a mail twice when several workers poll at once', async () => {
    const db = ctx.database.db;
    const ids: number[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await enqueueMail(db, { kind: 'test', to: `race-${i}@example.test`, subject: `race ${i}`, text: 'x' }));
    // On PostgreSQL each worker gets its own connection pool, like separate server processes.
    const url = (ctx.database as { url?: string }).url;
    const databases = url ? [createDatabase({ kind: 'postgres', url }), createDatabase({ kind: 'postgres', url })] : [ctx.database, ctx.database];
    const workers = databases.map((database) =>
      createOutboxWorker({
        db: database.db,
        transport: createMailTransport({ smtpUrl: sink.url, mailDir: ctx.config.MAIL_DIR }),
        from: 'x@riviera-vtc.test',
        messageIdDomain: 'riviera-vtc.test',
        maxAttempts: 5,
        pollMs: 1000,
        log: silentLog,
      }),
    );
    const counts = await Promise.all([...workers, ...workers].map((w) => w.runOnce()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    for (let i = 0; i < 30; i += 1) {
      expect(sink.received.filter((m) => m.to.includes(`race-${i}@example.test`))).toHaveLength(1);
    }
    if (url) await Promise.all(databases.map((d) => d.close()));
  });

  /** The database as the worker sees it, with the update recording a mail as sent failing `failures` times. */
  function losingSentRecords(db: Db, failures: number): Db {
    let left = failures;
    return new Proxy(db, {
      get(target, property) {
        if (property !== 'update') {
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return (table: typeof mailOutbox) => ({
          set(values: Partial<typeof mailOutbox.$inferInsert>) {
            if (values.status === 'sent' && left > 0) {
              left -= 1;
              return { where: () => Promise.reject(new Error('Connection terminated unexpectedly')) };
            }
            return target.update(table).set(values);
          },
        });
      },
    });
  }
  const workerOn = (db: Db) =>
    createOutboxWorker({
      db,
      transport: createMailTransport({ smtpUrl: sink.url, mailDir: ctx.config.MAIL_DIR }),
      from: 'x@riviera-vtc.test',
      messageIdDomain: 'riviera-vtc.test',
      maxAttempts: 5,
      pollMs: 1000,
      recordRetryMs: 1,
      log: silentLog,
    });
  const messageIdsTo = (address: string) =>
    sink.received.filter((m) => m.to.includes(address)).map((m) => /^Message-ID: (.+)$/im.exec(m.raw)?.[1]?.trim());

  it('records a mail the server accepted although the first record fails, and sends it once', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, { kind: 'test', to: 'record-retry@example.test', subject: 'Recorded', text: 'x' });
    expect(await workerOn(losingSentRecords(db, 1)).runOnce()).toBe(1);
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lapsedAttempts: 0, lockedUntil: null });
    expect(await ctx.app.outbox.runOnce()).toBe(0);
    expect(messageIdsTo('record-retry@example.test')).toEqual([`<outbox-${id}@riviera-vtc.test>`]);
  });

  it('a mail whose record is lost for good leaves once more when its lease lapses, under the same Message-ID', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, { kind: 'test', to: 'record-lost@example.test', subject: 'Lost record', text: 'x' });
    // The connection dies after the server's 250 and stays down through every new try.
    await expect(workerOn(losingSentRecords(db, 100)).runOnce()).rejects.toThrow('Connection terminated unexpectedly');
    const [accepted] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(accepted).toMatchObject({ status: 'sending', attempts: 1, lapsedAttempts: 0 });
    // Kept from every worker while the lease runs...
    expect(await workerOn(db).runOnce()).toBe(0);
    // ...then, the process gone and its lease lapsed, taken over once.
    await db.update(mailOutbox).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
    expect(await workerOn(db).runOnce()).toBe(1);
    expect(await workerOn(db).runOnce()).toBe(0);
    const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lapsedAttempts: 1 });
    const ids = messageIdsTo('record-lost@example.test');
    expect(ids).toEqual([`<outbox-${id}@riviera-vtc.test>`, `<outbox-${id}@riviera-vtc.test>`]);
  });
});

describe('outbox with a slow SMTP server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink({ delayMs: 150 });
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it('sends each mail once although a batch takes longer than a lease, those of one booking in written order', async () => {
    const db = ctx.database.db;
    // Four bookings' mails interleaved, as concurrent requests write them.
    const written = new Map<number, number[]>();
    for (let i = 0; i < 12; i += 1) {
      const bookingId = 9000 + (i % 4);
      const id = await enqueueMail(db, { kind: 'test', to: `slow-${i}@example.test`, subject: `slow ${i}`, text: 'x', bookingId });
      written.set(bookingId, [...(written.get(bookingId) ?? []), id]);
    }
    const url = (ctx.database as { url?: string }).url;
    const databases = url ? [createDatabase({ kind: 'postgres', url }), createDatabase({ kind: 'postgres', url })] : [ctx.database, ctx.database];
    // A one-second lease against 150 ms per mail: twelve mails claimed at once would outlive it.
    const workers = databases.map((database) =>
      createOutboxWorker({
        db: database.db,
        transport: createMailTransport({ smtpUrl: sink.url, mailDir: ctx.config.MAIL_DIR }),
        from: 'x@riviera-vtc.test',
        messageIdDomain: 'riviera-vtc.test',
        maxAttempts: 5,
        pollMs: 1000,
        leaseSeconds: 1,
        log: silentLog,
      }),
    );
    const counts = await Promise.all(workers.map((w) => w.runOnce()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    const receivedIds = sink.received.map((m) => Number(/Message-ID: <outbox-(\d+)@/.exec(m.raw)?.[1]));
    expect(receivedIds).toHaveLength(12);
    expect(new Set(receivedIds).size).toBe(12);
    for (const ids of written.values()) expect(receivedIds.filter((id) => ids.includes(id))).toEqual(ids);
    await Promise.all(workers.map((w) => w.stop()));
    if (url) await Promise.all(databases.map((d) => d.close()));
  });

  it('waits for the mail in flight when stopped', async () => {
    const db = ctx.database.db;
    const id = await enqueueMail(db, { kind: 'test', to: 'inflight@example.test', subject: 'in flight', text: 'x' });
    const worker = createOutboxWorker({
      db,
      transport: createMailTransport({ smtpUrl: sink.url, mailDir: ctx.config.MAIL_DIR }),
      from: 'x@riviera-vtc.test',
      messageIdDomain: 'riviera-vtc.test',
      maxAttempts: 5,
      pollMs: 1000,
      log: silentLog,
    });
    const run = worker.runOnce();
    for (let i = 0; i < 200; i += 1) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (row?.status === 'sending') break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await worker.stop();
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row?.status).toBe('sent');
    expect(sink.received.filter((m) => m.to.includes('inflight@example.test'))).toHaveLength(1);
    await run;
  });
});

describe('outbox without a mail server', () => {
  it('writes each mail as an .eml file under data/mail', async () => {
    const ctx = await createTestApp();
    try {
      const email = uniqueEmail('file');
      await registerUser(ctx.app, { email });
      await ctx.app.outbox.runOnce();
      expect(existsSync(ctx.config.MAIL_DIR)).toBe(true);
      const files = readdirSync(ctx.config.MAIL_DIR).filter((f) => f.endsWith('.eml'));
      const contents = files.map((f) => readFileSync(path.join(ctx.config.MAIL_DIR, f), 'utf8'));
      expect(contents.filter((c) => c.includes(`To: ${email}`))).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });
});
