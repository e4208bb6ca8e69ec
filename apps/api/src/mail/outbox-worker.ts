import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailTransport } from './transport.ts';

export type OutboxWorker = {
  /** Sends every mail that is due now; resolves with how many were sent. */
  runOnce(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

const BATCH_SIZE = 20;
/** How long a claimed row is kept from other workers before it counts as abandoned. */
const LEASE_SECONDS = 300;

/** 30 s, 1 min, 2 min, ... capped at 1 h. */
export function backoffSeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}

export function createOutboxWorker(deps: {
  db: Db;
  transport: MailTransport;
  from: string;
  messageIdDomain: string;
  maxAttempts: number;
  pollMs: number;
  log: FastifyBaseLogger;
}): OutboxWorker {
  const { db, transport, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /**
   * Claims due rows atomically: `FOR UPDATE SKIP LOCKED` lets several server processes poll the
   * same table on PostgreSQL without two of them taking the same row.
   */
  async function claim() {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.id))
      .limit(BATCH_SIZE)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function runBatch(): Promise<number> {
    // RETURNING keeps no order; mail released together (held until verification) must leave as written.
    const rows = (await claim()).sort((a, b) => a.id - b.id);
    let sent = 0;
    for (const row of rows) {
      try {
        await transport.send({
          // A stable Message-ID lets a receiving server drop a copy resent after a crash.
          messageId: `<outbox-${row.id}@${deps.messageIdDomain}>`,
          from: deps.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          attachments: row.attachments,
        });
        await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null, lastError: null })
          .where(eq(mailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const failed = row.attempts >= deps.maxAttempts;
        log.warn({ err: error, mailId: row.id, attempt: row.attempts }, failed ? 'mail failed for good' : 'mail send failed, will retry');
        await db
          .update(mailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            lockedUntil: null,
            lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
          })
          .where(eq(mailOutbox.id, row.id));
      }
    }
    return sent;
  }

  async function runOnce(): Promise<number> {
    // One batch at a time per process; callers share the batch under way.
    if (running) await running.catch(() => 0);
    running = (async () => {
      let total = 0;
      for (;;) {
        const sent = await runBatch();
        total += sent;
        if (sent < BATCH_SIZE) return total;
      }
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        runOnce().catch((error: unknown) => log.error({ err: error }, 'outbox worker failed'));
      }, deps.pollMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
      transport.close();
    },
  };
}
