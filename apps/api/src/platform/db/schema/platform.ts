// Infrastructure: installation facts, mail outbox, uploads, scheduled jobs, rate limits, contact messages.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './columns.ts';
import type { TextSkipReason } from '@vtc/shared/booking/booking-message-responses';
import type { TextTemplate } from '../../texts/whatsapp-templates.ts';
import { languageEnum, users } from './accounts.ts';

/**
 * `held`: written, but waiting for its recipient to verify the address (the worker claims only
 * pending and sending). `skipped`: a text recorded and never sent (`skip_reason` says why).
 */
export const mailStatusEnum = pgEnum('mail_status', ['pending', 'sending', 'sent', 'failed', 'held', 'skipped']);

/** How an outbox row reaches its recipient: an e-mail, or a text by SMS or WhatsApp (decision 0130). */
export const messageChannelEnum = pgEnum('message_channel', ['email', 'sms', 'whatsapp']);

/** Small key/value facts about this installation (demo data loaded, schema facts). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    language: languageEnum('language').notNull().default('fr'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt, t.id)],
);

export type MailAttachment = { filename: string; contentType: string; content: string };

/**
 * Mail and text messages, written in the same transaction as the change that causes them; a
 * worker sends them (decisions 0061, 0130). A text's `to_address` is its E.164 number, its words
 * are `text_body`, its `subject` is empty.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    channel: messageChannelEnum('channel').notNull().default('email'),
    toAddress: text('to_address').notNull(),
    /** Where an answer goes: the customer's address on the company's mails about them (decision 0076). */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: mailStatusEnum('status').notNull().default('pending'),
    /** The account a customer mail is for: its held mail leaves once that account's address is verified. */
    recipientUserId: integer('recipient_user_id').references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Mails of one booking leave in the order they were written (outbox-worker.ts). */
    bookingId: integer('booking_id'),
    /** Names a mail that must exist once (a reminder: `booking:<id>:<kind>`); null for the others. */
    dedupeKey: text('dedupe_key'),
    /** The account a capped mail (a reset, a verification link...) is about: its cap counts by it (decision 0107). */
    accountId: integer('account_id'),
    /**
     * Claims that took the mail over from a lease that lapsed mid-send: each may have sent a second
     * copy, under the same Message-ID, of a mail the server had accepted (decision 0107).
     */
    lapsedAttempts: integer('lapsed_attempts').notNull().default(0),
    /** The provider's id of a text it accepted (Twilio's message SID). */
    providerMessageId: text('provider_message_id'),
    /**
     * What the provider last said of a text after taking it (its status callbacks): sent,
     * delivered, undelivered, failed or read; never moved back by a late callback (decision 0130).
     */
    deliveryStatus: text('delivery_status'),
    deliveryUpdatedAt: timestamp('delivery_updated_at', { withTimezone: true }),
    /** A text's WhatsApp template and its variables in order (decision 0148); null for a mail and a text without one. */
    textTemplate: jsonb('text_template').$type<TextTemplate>(),
    /** Why a `skipped` text was not sent: no provider, no WhatsApp template, its number answered STOP (decisions 0148, 0149). */
    skipReason: text('skip_reason').$type<TextSkipReason>(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key_idx').on(t.dedupeKey),
    index('mail_outbox_capped_address_idx').on(sql`lower(${t.toAddress})`, t.kind, t.createdAt),
    index('mail_outbox_capped_account_idx').on(t.accountId, t.kind, t.createdAt).where(sql`${t.accountId} is not null`),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_booking_idx').on(t.bookingId, t.id),
    index('mail_outbox_recipient_idx').on(t.recipientUserId),
    index('mail_outbox_provider_message_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
  ],
);

/**
 * The STOP and START a number sent us (decision 0149), once each (the provider's message id is
 * unique: a webhook posted again records nothing more): what was asked, the accounts whose consent
 * to texts it cleared and the texts it cancelled. START is recorded, and changes no consent.
 */
export const textOptOuts = pgTable(
  'text_opt_outs',
  {
    id: serial('id').primaryKey(),
    /** The number in E.164. */
    phone: text('phone').notNull(),
    channel: messageChannelEnum('channel').notNull(),
    action: text('action').$type<'stop' | 'start'>().notNull(),
    /** The keyword received (STOP, ARRET…) or the provider's OptOutType. */
    keyword: text('keyword').notNull(),
    providerMessageId: text('provider_message_id'),
    accountsCleared: integer('accounts_cleared').notNull().default(0),
    textsCancelled: integer('texts_cancelled').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('text_opt_outs_provider_message_idx').on(t.providerMessageId), index('text_opt_outs_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Uploaded images, kept in the database so that every API process serves them (decision 0060).
 * `name` is the last segment of the public URL `/uploads/<name>`.
 */
export const uploads = pgTable('uploads', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

export const jobStatusEnum = pgEnum('job_status', ['pending', 'running', 'done', 'failed']);

/** Scheduled work, run once across all processes (jobs/job-runner.ts, decision 0062). */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: serial('id').primaryKey(),
    /** One row per key: scheduling the same key twice keeps the first. */
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    status: jobStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('scheduled_jobs_due_idx').on(t.status, t.runAt)],
);

/**
 * Rate-limit counters shared by every API process on the database: one row per key (limit and
 * client address, or account), incremented by a single upsert (platform/rate-limit-store.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
