import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox, type MailAttachment } from '../db/schema.ts';
import type { DeliveryReport, TextChannel } from '../texts/text-sender.ts';
import type { TextTemplate } from '../texts/whatsapp-templates.ts';
import { CAPPED_MAIL_KINDS, checkMailCap, type MailCaps } from './mail-caps.ts';

export type OutgoingMail = {
  kind: string;
  to: string;
  /** Where an answer goes (the customer, on the company's mails about them). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** The booking the mail is about: its mails leave in the order they were written. */
  bookingId?: number;
  /** The account the mail is for, when it is a customer's. */
  recipientUserId?: number;
  /** Kept from the worker until the recipient verifies the address (decision 0053). */
  held?: boolean;
  /**
   * Names a mail that must be queued once whatever runs again (a reminder whose job is repeated
   * after a crash): a second mail with the same key is not queued (unique index).
   */
  dedupeKey?: string;
  /**
   * Required for the kinds anyone can ask for (mail-caps.ts): the caps, and the account the mail
   * is about, counted besides its address.
   */
  cap?: { caps: MailCaps; accountId?: number };
};

/**
 * Queues a mail. Call it with the transaction of the change that causes the mail, so that the
 * change and its mail are saved together or not at all (decisions §6). Resolves with the mail's
 * id; with a `dedupeKey` already queued, with the id of that earlier mail, and nothing is added.
 */
export async function enqueueMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  if (!CAPPED_MAIL_KINDS.has(mail.kind)) return insertMail(tx, mail);
  const { cap } = mail;
  if (!cap) throw new Error(`a ${mail.kind} mail is queued without its caps`);
  // A transaction (a savepoint inside the caller's) holds the cap's locks until the insert is committed.
  return tx.transaction(async (inner) => {
    await checkMailCap(inner, { kind: mail.kind, to: mail.to, accountId: cap.accountId }, cap.caps);
    return insertMail(inner, mail);
  });
}

async function insertMail(tx: DbOrTx, mail: OutgoingMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      attachments: mail.attachments ?? [],
      bookingId: mail.bookingId ?? null,
      recipientUserId: mail.recipientUserId ?? null,
      dedupeKey: mail.dedupeKey ?? null,
      accountId: mail.cap?.accountId ?? null,
      ...(mail.held && { status: 'held' as const }),
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (row) return row.id;
  if (mail.dedupeKey !== undefined) {
    const [earlier] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, mail.dedupeKey));
    if (earlier) return earlier.id;
  }
  throw new Error('outbox insert returned nothing');
}

export type OutgoingText = {
  kind: string;
  channel: TextChannel;
  /** The recipient's number in E.164. */
  to: string;
  body: string;
  /** Its WhatsApp template and variables (decision 0148): a WhatsApp text leaves as that template. */
  template?: TextTemplate;
  /** The booking the text is about: its texts leave in the order they were written. */
  bookingId?: number;
  /** The account the text is for, when it is a customer's. */
  recipientUserId?: number;
  /** As a mail's: a second text with the same key is not queued. */
  dedupeKey?: string;
};

/**
 * Queues a text message in the outbox, beside the mail (decision 0130): the same worker sends it
 * once, in order with the other texts of its booking, retried with the same backoff. Call it with
 * the transaction of the change that causes it. Resolves with the row's id (with a `dedupeKey`
 * already queued, the earlier row's).
 */
export async function enqueueText(tx: DbOrTx, text: OutgoingText): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      kind: text.kind,
      channel: text.channel,
      toAddress: text.to,
      subject: '',
      textBody: text.body,
      textTemplate: text.template ?? null,
      bookingId: text.bookingId ?? null,
      recipientUserId: text.recipientUserId ?? null,
      dedupeKey: text.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  if (row) return row.id;
  if (text.dedupeKey !== undefined) {
    const [earlier] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, text.dedupeKey));
    if (earlier) return earlier.id;
  }
  throw new Error('outbox insert returned nothing');
}

/** One mail or text of a booking, as the back office lists them. */
export type OutboxEntry = Pick<
  typeof mailOutbox.$inferSelect,
  'id' | 'kind' | 'channel' | 'toAddress' | 'subject' | 'textBody' | 'status' | 'attempts' | 'lastError' | 'createdAt' | 'sentAt' | 'providerMessageId' | 'deliveryStatus' | 'skipReason'
>;

/** Every mail and text written about a booking, in the order they were written. */
export async function listBookingMessages(db: DbOrTx, bookingId: number): Promise<OutboxEntry[]> {
  return db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      channel: mailOutbox.channel,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      providerMessageId: mailOutbox.providerMessageId,
      deliveryStatus: mailOutbox.deliveryStatus,
      skipReason: mailOutbox.skipReason,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.bookingId, bookingId))
    .orderBy(asc(mailOutbox.id));
}

/** How far along a delivery report is: a callback that arrives late never moves a text back. */
const DELIVERY_RANK = { sent: 1, delivered: 2, undelivered: 2, failed: 2, read: 3 } as const;

function deliveryRank(column: typeof mailOutbox.deliveryStatus): SQL<number> {
  // Our own constants, written into the statement: no parameter whose type PostgreSQL must guess.
  const cases = Object.entries(DELIVERY_RANK).map(([status, rank]) => `when '${status}' then ${rank}`);
  return sql<number>`(case ${column} ${sql.raw(cases.join(' '))} else 0 end)`;
}

/**
 * Records what the provider says became of a text, found by its id there; resolves with whether
 * a row moved. A report behind the one recorded (a late "sent" after "delivered") changes nothing.
 */
export async function recordDelivery(db: DbOrTx, report: DeliveryReport): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ deliveryStatus: report.status, deliveryUpdatedAt: sql`now()` })
    .where(and(eq(mailOutbox.providerMessageId, report.providerId), sql`${deliveryRank(mailOutbox.deliveryStatus)} < ${sql.raw(String(DELIVERY_RANK[report.status]))}`))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}

/** Whether a mail under this dedupe key is already queued (or sent). */
export async function isMailQueued(tx: DbOrTx, dedupeKey: string): Promise<boolean> {
  const [row] = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)).limit(1);
  return Boolean(row);
}
