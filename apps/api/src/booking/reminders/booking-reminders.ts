import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { cancelJob, cancelJobsStartingWith, rescheduleJob, scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';
import { isMailQueued } from '../../platform/mail/outbox.ts';
import { DECISION_TOKEN_DAYS, issueBookingToken } from '../booking-tokens.ts';
import { lockBooking } from '../bookings-repository.ts';
import { returnLegOf } from '../return-leg.ts';
import { queuePendingReminderMail, queuePickupReminderMail, type ReminderMailDeps } from '../mails/booking-mails.ts';
import { queuePickupReminderText, type TextDeps } from '../mails/booking-texts.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

/**
 * Booking reminders (decision 0086), durable jobs of platform/jobs (decision 0062) scheduled in
 * the transaction of the change that calls for them. Each job decides at run time, on the
 * booking as it is then (locked), whether its mail is still due, and queues it under a dedupe
 * key equal to its own key: a job run twice (a lapsed lease, two processes) queues one mail.
 */

export const PENDING_REMINDER_JOB = 'booking-pending-reminder';
export const PICKUP_REMINDER_JOB = 'booking-pickup-reminder';

const pendingPrefix = (bookingId: number) => `booking:${bookingId}:pending-reminder:`;
export const pendingReminderKey = (bookingId: number, minutes: number) => `${pendingPrefix(bookingId)}${minutes}`;
export const pickupReminderKey = (bookingId: number) => `booking:${bookingId}:pickup-reminder`;
/** A round trip's return has its own reminder before its own pickup (decision 0172). */
export const returnReminderKey = (bookingId: number) => `booking:${bookingId}:return-reminder`;

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
 * The customer's reminders, CUSTOMER_REMINDER_HOURS before pickup, and as long before a round
 * trip's return (decision 0172): scheduled on acceptance and called again whenever the pickup or
 * the return moves, which moves each one job (never a second one). A time already past, or a
 * return dropped, drops its job; a reminder already sent is not sent again. True when the
 * pickup's reminder is waiting.
 */
export async function schedulePickupReminder(
  tx: DbOrTx,
  config: ScheduleConfig,
  booking: { id: number; pickupAt: Date; returnRent?: boolean; returnAt?: Date | null },
  now = new Date(),
): Promise<boolean> {
  const ahead = async (key: string, at: Date | null, payload: { bookingId: number; leg?: 'return' }) => {
    const runAt = at && new Date(at.getTime() - config.CUSTOMER_REMINDER_HOURS * 3_600_000);
    if (!runAt || runAt.getTime() <= now.getTime()) {
      await cancelJob(tx, key);
      return false;
    }
    return rescheduleJob(tx, { key, name: PICKUP_REMINDER_JOB, runAt, payload });
  };
  await ahead(returnReminderKey(booking.id), booking.returnRent ? (booking.returnAt ?? null) : null, { bookingId: booking.id, leg: 'return' });
  return ahead(pickupReminderKey(booking.id), booking.pickupAt, { bookingId: booking.id });
}

/** The booking is cancelled: no reminder of any kind is left waiting. */
export async function cancelBookingReminders(tx: DbOrTx, bookingId: number): Promise<void> {
  await cancelPendingReminders(tx, bookingId);
  await cancelJob(tx, pickupReminderKey(bookingId));
  await cancelJob(tx, returnReminderKey(bookingId));
}

const PendingPayload = z.object({ bookingId: z.number().int().positive(), minutes: z.number().int().positive() });
const PickupPayload = z.object({ bookingId: z.number().int().positive(), leg: z.literal('return').optional() });

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
        const { bookingId, leg } = PickupPayload.parse(payload);
        await db.transaction(async (tx) => {
          const locked = await lockBooking(tx, bookingId, ADMIN_ACCESS);
          // The return's reminder draws the return as a trip of its own; without a return any more, none.
          const trip = locked && (leg === 'return' ? returnLegOf(locked) : locked);
          if (!trip || !['accepted', 'paid'].includes(trip.status) || trip.pickupAt.getTime() <= Date.now()) {
            log.info({ bookingId, leg: leg ?? 'outbound', status: locked?.status ?? null }, 'pickup reminder skipped');
            return;
          }
          await queuePickupReminderMail(tx, deps, trip, key, leg === 'return');
          // Its own key: the job run again finds both already queued (decision 0130).
          await queuePickupReminderText(tx, deps, trip, `${key}:text`);
        });
      },
    },
  ];
}
