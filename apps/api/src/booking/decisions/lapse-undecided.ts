import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { bookings } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { retireBookingTokens } from '../booking-tokens.ts';
import { lockBooking, recordTransition, transitionBooking } from '../bookings-repository.ts';
import { queueBookingLapsedMail, type MailDeps } from '../mails/booking-mails.ts';
import { cancelPendingReminders } from '../reminders/booking-reminders.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

/**
 * A request nobody answered before its pickup lapses (decision 0176). Every few minutes, each
 * pending booking whose pickup time has come is closed as refused: the customer is told, in
 * their language, that it could not be confirmed in time and that nothing was charged; the
 * decision link and the company's reminders stop; the history says the system closed it
 * (`no_decision_before_pickup`). Each booking is closed in its own transaction on the locked
 * row, so a run repeated by another process closes nothing twice.
 */

export const LAPSE_UNDECIDED_JOB = 'booking-lapse-undecided';
const EVERY_SECONDS = 5 * 60;
/**
 * A request whose pickup is further past than this is closed without a mail: the requests left
 * waiting before this job existed are closed on its first run, and their customers are not told
 * about trips long gone.
 */
const TOLD_WITHIN_MS = 24 * 3_600_000;

type LapseDeps = MailDeps;

type LapseLog = { error(obj: object, msg: string): void };

/**
 * Closes the pending bookings whose pickup is not after `now`; how many were closed. A booking
 * that fails is logged and left for the next run, and the others are closed all the same.
 */
export async function lapseUndecidedBookings(db: Db, deps: LapseDeps, now = new Date(), log?: LapseLog): Promise<number> {
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'pending'), lte(bookings.pickupAt, now)));
  let closed = 0;
  for (const { id } of due) {
    const lapsed = await closeOne(db, deps, id, now).catch((error: unknown) => {
      log?.error({ err: error, bookingId: id }, 'an undecided booking could not be closed at its pickup: tried again next run');
      return false;
    });
    if (lapsed) closed += 1;
  }
  return closed;
}

async function closeOne(db: Db, deps: LapseDeps, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const booking = await lockBooking(tx, id, ADMIN_ACCESS);
    if (!booking || booking.status !== 'pending' || booking.pickupAt.getTime() > now.getTime()) return false;
    const moved = await transitionBooking(tx, id, 'pending', 'rejected');
    if (!moved) return false;
    await recordTransition(tx, { bookingId: id, from: 'pending', to: 'rejected', actor: { userId: null, kind: 'system' }, reason: 'no_decision_before_pickup' });
    await retireBookingTokens(tx, id, 'decision');
    await cancelPendingReminders(tx, id);
    if (now.getTime() - booking.pickupAt.getTime() <= TOLD_WITHIN_MS) await queueBookingLapsedMail(tx, deps, { ...moved, stops: booking.stops });
    return true;
  });
}

export function lapseUndecidedJob(deps: LapseDeps): JobDefinition {
  return {
    name: LAPSE_UNDECIDED_JOB,
    everySeconds: EVERY_SECONDS,
    async run(_payload, { db, log }) {
      const closed = await lapseUndecidedBookings(db, deps, new Date(), log);
      if (closed > 0) log.info({ closed }, 'undecided bookings lapsed at their pickup');
    },
  };
}
