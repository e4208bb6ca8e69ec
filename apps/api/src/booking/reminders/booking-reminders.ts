import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { cancelJob, cancelJobsStartingWith, rescheduleJob, scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';
import { isMailQueued } from '../../platform/mail/outbox.ts';
import { DECISION_TOKEN_DAYS, issueBookingToken } from '../booking-tokens.ts';
import { lockBooking } from '../bookings-repository.ts';
import { queuePendingReminderMail, queuePickupReminderMail, type ReminderMailDeps } from '../mails/booking-mails.ts';
import { queuePickupReminderText, type TextDeps } from '../mails/booking-texts.ts';

/**
 * Booking reminders (decision 0086), durable jobs of platform/jobs (decision 0062) scheduled in
 * the transaction of the change that calls for them. Each job decides at run time, on the
 * booking as it is then (locked), whether its mail is still due, and queues it under a dedupe
 * key equal to its own key: a job run twice (a lapsed lease, two processes) queues one mail.
 */

export const PENDING_REMINDER_JOB = 'booking-pending-reminder';
export const PICKUP_REMINDER_JOB = 'booking-pickup-reminder';

const ADMIN_ACCESS = { userId: 0, isAdmin: true } as const;

const pendingPrefix = (bookingId: number) => `booking:${bookingId}:pending-reminder:`;
export const pendingReminderKey = (bookingId: number, minutes: number) => `${pendingPrefix(bookingId)}${minutes}`;
export const pickupReminderKey = (bookingId: number) => `booking:${bookingId}:pickup-reminder`;

type ScheduleConfig = Pick<Config, 'PENDING_REMINDER_MINUTES' | 'CUSTOMER_REMINDER_HOURS'>;

/** A booking has just become pending: the company is reminded after each of PENDING_REMINDER_MINUTES. */
export async function schedulePendingReminders(tx: DbOrTx, config: ScheduleConfig, bookingId: number, now = new Date()): Promise<void> {
  for (const minutes of config.PENDING_REMINDER_MINUTES) {
    await scheduleJob(tx, {
      key: pendingReminderKey(bookingId, minutes),
      name: PENDING_REMINDER_JOB,
      runAt: new Date(now.getTime() + minutes * 60_000),
      payload: { bookingId, minutes },
    });
  }
}

/** The booking is decided or cancelled: its company reminders not yet sent are dropped. */
export async function cancelPendingReminders(tx: DbOrTx, bookingId: number): Promise<void> {
  await cancelJobsStartingWith(tx, pendingPrefix(bookingId));
}

/**
 * The customer's reminder, CUSTOMER_REMINDER_HOURS before pickup: scheduled on acceptance and
 * called again whenever the pickup moves, which moves the one job (never a second one). A time
 * already past drops it; a reminder already sent is not sent again.
 */
export async function schedulePickupReminder(
  tx: DbOrTx,
  config: ScheduleConfig,
  booking: { id: number; pickupAt: Date },
  now = new Date(),
): Promise<boolean> {
  const runAt = new Date(booking.pickupAt.getTime() - config.CUSTOMER_REMINDER_HOURS * 3_600_000);
  const key = pickupReminderKey(booking.id);
  if (runAt.getTime() <= now.getTime()) {
    await cancelJob(tx, key);
    return false;
  }
  return rescheduleJob(tx, { key, name: PICKUP_REMINDER_JOB, runAt, payload: { bookingId: booking.id } });
}

/** The booking is cancelled: no reminder of any kind is left waiting. */
export async function cancelBookingReminders(tx: DbOrTx, bookingId: number): Promise<void> {
  await cancelPendingReminders(tx, bookingId);
  await cancelJob(tx, pickupReminderKey(bookingId));
}

const PendingPayload = z.object({ bookingId: z.number().int().positive(), minutes: z.number().int().positive() });
const PickupPayload = z.object({ bookingId: z.number().int().positive() });

/** The handlers, given to the job runner by app.ts. */
export function bookingReminderJobs(config: ReminderMailDeps['config'] & TextDeps['config']): JobDefinition[] {
  const deps = { config };
  return [
    {
      name: PENDING_REMINDER_JOB,
      async run(payload, { db, log, key }) {
        const { bookingId, minutes } = PendingPayload.parse(payload);
        await db.transaction(async (tx) => {
          // Locked: a decision taken at this moment waits, or has already moved the booking on.
          const booking = await lockBooking(tx, bookingId, ADMIN_ACCESS);
          if (booking?.status !== 'pending') {
            log.info({ bookingId, status: booking?.status ?? null }, 'pending reminder skipped: booking decided');
            return;
          }
          // Run again after a crash that followed the commit: the mail is there, no new token.
          if (await isMailQueued(tx, key)) return;
          // Fresh links, valid as long as the first ones; the first mail's links still work too.
          const decisionToken = await issueBookingToken(tx, bookingId, 'decision', new Date(Date.now() + DECISION_TOKEN_DAYS * 86_400_000));
          await queuePendingReminderMail(tx, deps, booking, { minutes, decisionToken, dedupeKey: key });
        });
      },
    },
    {
      name: PICKUP_REMINDER_JOB,
      async run(payload, { db, log, key }) {
        const { bookingId } = PickupPayload.parse(payload);
        await db.transaction(async (tx) => {
          const booking = await lockBooking(tx, bookingId, ADMIN_ACCESS);
          if (!booking || !['accepted', 'paid'].includes(booking.status) || booking.pickupAt.getTime() <= Date.now()) {
            log.info({ bookingId, status: booking?.status ?? null }, 'pickup reminder skipped');
            return;
          }
          await queuePickupReminderMail(tx, deps, booking, key);
          // Its own key: the job run again finds both already queued (decision 0130).
          await queuePickupReminderText(tx, deps, booking, `${key}:text`);
        });
      },
    },
  ];
}
