import { setTimeout as delay } from 'node:timers/promises';
import { and, asc, eq, inArray, lte, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { TextRefused, type TextOutcome, type TextSender } from '../texts/text-sender.ts';
import type { MailTransport } from './transport.ts';

export type OutboxWorker = {
  /** Sends every mail (and text) that is due now, one at a time; resolves with how many were sent. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops polling and resolves once the mail in flight, if any, is sent and recorded. */
  stop(): Promise<void>;
};

/** Tries at recording an accepted mail as sent before giving it up to its lease (about 8 s with the default pause). */
const SENT_RECORD_TRIES = 5;

/** The Message-ID of an outbox row: the same on every attempt at sending it. */
function outboxMessageId(id: number, domain: string): string {
  return `<outbox-${id}@${domain}>`;
}

/** 30 s, 1 min, 2 min, ... capped at 1 h. */
export function backoffSeconds(attempt: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * What makes a row sendable now, as a list of conditions that are all required: another rule
 * (a mail held until its address is verified, say) is one more entry. A worker without a text
 * provider leaves the texts to the others.
 */
export function sendableConditions(options: { texts: boolean } = { texts: true }): SQL[] {
  return [
    ...(options.texts ? [] : [eq(mailOutbox.channel, 'email')]),
    or(
      and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
      // A lease that lapsed: the process that claimed the row died while sending it.
      and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, sql`now()`)),
    )!,
    // Mails of one booking leave in the order they were written, and so do its texts: none while an
    // earlier one of the same kind (mail, or text) waits. A mail in backoff does not hold the texts
    // back, nor a text the mails (decision 0130).
    notExists(
      sql`(select 1 from ${mailOutbox} as earlier
        where earlier.booking_id = ${mailOutbox.bookingId} and earlier.id < ${mailOutbox.id}
          and (earlier.channel = 'email') = (${mailOutbox.channel} = 'email')
          and earlier.status in ('pending', 'sending'))`,
    ),
  ];
}

export function createOutboxWorker(deps: {
  db: Db;
  transport: MailTransport;
  /** The SMS provider (or its "none" twin); without one, this worker sends mail only. */
  texts?: TextSender;
  from: string;
  messageIdDomain: string;
  maxAttempts: number;
  pollMs: number;
  /** How long a claimed mail is kept from other workers; renewed while it is being sent. */
  leaseSeconds?: number;
  /** Pause before the first new try at recording a mail sent, doubled at each further try. */
  recordRetryMs?: number;
  log: FastifyBaseLogger;
}): OutboxWorker {
  const { db, transport, log } = deps;
  const leaseSeconds = deps.leaseSeconds ?? 300;
  const recordRetryMs = deps.recordRetryMs ?? 500;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopping = false;

  /**
   * Claims the oldest sendable mail, one at a time, so a lease covers one SMTP exchange and not a
   * batch. `FOR UPDATE SKIP LOCKED` lets several processes poll the table without two of them
   * taking the same row.
   */
  async function claimOne() {
    const next = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(...sendableConditions({ texts: deps.texts !== undefined })))
      .orderBy(asc(mailOutbox.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        // Taken over from a lapsed lease: the server may have accepted the earlier attempt.
        lapsedAttempts: sql`${mailOutbox.lapsedAttempts} + (case when ${mailOutbox.status} = 'sending' then 1 else 0 end)`,
        lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      })
      .where(inArray(mailOutbox.id, next))
      .returning();
    return row;
  }

  /** Keeps the lease ahead of a slow SMTP server while this process is still sending. */
  function renewLease(id: number): () => void {
    const renewal = setInterval(() => {
      db.update(mailOutbox)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending')))
        .catch((error: unknown) => log.warn({ err: error, mailId: id }, 'mail lease not renewed'));
    }, (leaseSeconds * 1000) / 3);
    renewal.unref();
    return () => clearInterval(renewal);
  }

  /**
   * Records a mail the server accepted, first thing after its answer. A failed update is tried
   * again (the lease is still renewed meanwhile) rather than left for the lease to lapse, which
   * would send the mail a second time.
   */
  async function recordSent(id: number, outcome: TextOutcome | null = null): Promise<void> {
    const skipped = outcome !== null && 'skipped' in outcome;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await db
          .update(mailOutbox)
          .set({
            status: skipped ? 'skipped' : 'sent',
            sentAt: skipped ? null : sql`now()`,
            lockedUntil: null,
            lastError: null,
            ...(outcome && 'providerId' in outcome && { providerMessageId: outcome.providerId }),
            // A WhatsApp text without its template went by SMS (decision 0148): the row says so.
            ...(outcome && 'providerId' in outcome && outcome.channel && { channel: outcome.channel }),
            ...(outcome && 'skipped' in outcome && { skipReason: outcome.reason }),
          })
          .where(eq(mailOutbox.id, id));
        return;
      } catch (error) {
        if (attempt >= SENT_RECORD_TRIES) throw error;
        log.warn({ err: error, mailId: id, attempt }, 'mail sent but not recorded, trying again');
        await delay(recordRetryMs * 2 ** (attempt - 1));
      }
    }
  }

  /**
   * A text through the provider. SMS has no Message-ID a phone could drop a copy by, so a text
   * tried before (a timeout may hide an acceptance, a lease may have lapsed mid-send) is first
   * looked for among the texts the provider has taken: found, it is recorded with that id instead
   * of being sent again (decision 0130).
   */
  async function sendText(row: OutboxRow, texts: TextSender): Promise<TextOutcome> {
    const text = { channel: row.channel === 'whatsapp' ? 'whatsapp' : 'sms', to: row.toAddress, body: row.textBody, template: row.textTemplate } as const;
    if (row.attempts > 1 || row.lapsedAttempts > 0) {
      const earlier = await texts.findSent(text, row.createdAt);
      if (earlier) {
        log.warn({ mailId: row.id, attempt: row.attempts }, 'text tried before was already taken by the provider: recorded, not sent again');
        return { providerId: earlier };
      }
    }
    return texts.send(text);
  }

  async function sendOne(row: OutboxRow): Promise<boolean> {
    const isText = row.channel !== 'email';
    if (row.lapsedAttempts > 0 && !isText) {
      log.warn({ mailId: row.id, attempt: row.attempts }, 'mail taken over from a lapsed lease: may reach its recipient twice, under one Message-ID');
    }
    const stopRenewing = renewLease(row.id);
    let outcome: TextOutcome | null = null;
    try {
      if (isText) outcome = await sendText(row, deps.texts!);
      else await transport.send({
        // Stable across attempts: a copy resent after a lost record is recognisable, and dropped
        // by the receiving servers that deduplicate by Message-ID (decision 0107).
        messageId: outboxMessageId(row.id, deps.messageIdDomain),
        from: deps.from,
        to: row.toAddress,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        attachments: row.attachments,
      });
    } catch (error) {
      stopRenewing();
      // A text the provider refuses for good (an opted-out or invalid number) is not tried again.
      const failed = row.attempts >= deps.maxAttempts || error instanceof TextRefused;
      const what = isText ? 'text' : 'mail';
      log.warn({ err: error, mailId: row.id, attempt: row.attempts }, failed ? `${what} failed for good` : `${what} send failed, will retry`);
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
          nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`,
        })
        .where(eq(mailOutbox.id, row.id));
      return false;
    }
    try {
      await recordSent(row.id, outcome);
    } finally {
      stopRenewing();
    }
    if (outcome && 'skipped' in outcome) {
      log.info({ mailId: row.id, kind: row.kind, reason: outcome.reason }, 'text skipped');
      return false;
    }
    log.info({ mailId: row.id, kind: row.kind, channel: row.channel }, isText ? 'text sent' : 'mail sent');
    return true;
  }

  async function runOnce(): Promise<number> {
    // One run at a time per process; callers share the run under way.
    if (running) await running.catch(() => 0);
    running = (async () => {
      let sent = 0;
      while (!stopping) {
        const row = await claimOne();
        if (!row) break;
        if (await sendOne(row)) sent += 1;
      }
      return sent;
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
      stopping = false;
      timer = setInterval(() => {
        if (running) return;
        runOnce().catch((error: unknown) => log.error({ err: error }, 'outbox worker failed'));
      }, deps.pollMs);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
      transport.close();
    },
  };
}
