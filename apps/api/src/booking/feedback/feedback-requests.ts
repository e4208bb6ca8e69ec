import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { feedback } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';
import { lockBooking } from '../bookings-repository.ts';
import { feedbackRequestMail, feedbackRequestText } from './feedback-mail.ts';
import { feedbackLink } from './feedback-links.ts';
import { textTemplate } from '../../platform/texts/whatsapp-templates.ts';
import { feedbackRecipient, queueFeedbackMail, queueFeedbackText, type FeedbackMailConfig } from './feedback-recipients.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

/**
 * The request for a rating (decision 0146): a durable job (decision 0062) scheduled in the
 * transaction that completes the trip, FEEDBACK_REQUEST_DELAY_HOURS later. It queues the mail
 * under its own key and the text under `key:text`, so a job run twice queues each once.
 */
export const FEEDBACK_REQUEST_JOB = 'feedback-request';
export const feedbackRequestKey = (bookingId: number) => `booking:${bookingId}:feedback-request`;

/** The trip is completed: its customer will be asked for a rating. A key already there stays (one request per trip). */
export async function scheduleFeedbackRequest(tx: DbOrTx, config: Pick<Config, 'FEEDBACK_REQUEST_DELAY_HOURS'>, bookingId: number, now = new Date()): Promise<void> {
  await scheduleJob(tx, {
    key: feedbackRequestKey(bookingId),
    name: FEEDBACK_REQUEST_JOB,
    runAt: new Date(now.getTime() + config.FEEDBACK_REQUEST_DELAY_HOURS * 3_600_000),
    payload: { bookingId },
  });
}

const Payload = z.object({ bookingId: z.number().int().positive() });

type JobConfig = FeedbackMailConfig & Pick<Config, 'JWT_SECRET' | 'SMS_CHANNEL'>;

/** The handler, given to the job runner by app.ts. */
export function feedbackRequestJob(config: JobConfig): JobDefinition {
  return {
    name: FEEDBACK_REQUEST_JOB,
    async run(payload, { db, log, key }) {
      const { bookingId } = Payload.parse(payload);
      await db.transaction(async (tx) => {
        const booking = await lockBooking(tx, bookingId, ADMIN_ACCESS);
        if (booking?.status !== 'completed') {
          log.info({ bookingId, status: booking?.status ?? null }, 'feedback request skipped: trip not completed');
          return;
        }
        const [rated] = await tx.select({ id: feedback.id }).from(feedback).where(eq(feedback.bookingId, bookingId));
        if (rated) return;
        const recipient = await feedbackRecipient(tx, config, booking);
        if (!recipient) {
          log.info({ bookingId }, 'feedback request skipped: the guest gave no e-mail');
          return;
        }
        const url = feedbackLink(config, bookingId);
        await queueFeedbackMail(tx, booking, recipient, { kind: 'feedback_request', dedupeKey: key, ...feedbackRequestMail(recipient.language, recipient.facts, url) });
        await queueFeedbackText(tx, { config }, booking, recipient, {
          kind: 'feedback_request',
          body: feedbackRequestText(recipient.language, recipient.facts, url),
          template: textTemplate('feedback_request', recipient.language, { time: recipient.facts.time, url }),
          dedupeKey: `${key}:text`,
        });
      });
    },
  };
}
