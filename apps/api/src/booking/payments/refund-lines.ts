import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { payments, refunds, scheduledJobs } from '../../platform/db/schema.ts';
import { scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';

/** The job that asks a refund line's provider (`refund-<refundId>`, decision 0152). */
export const REFUND_JOB = 'refund';

export type RefundCause = (typeof refunds.$inferSelect)['cause'];

/** A refund the booking owes or gave: a line of its own (decision 0152), a cancellation's, a lower price's or the company's. */
export type RefundLine = {
  /** `refund-<id>`: what the company names when it settles the refund by hand. */
  id: string;
  refundId: number;
  paymentId: number;
  cause: RefundCause;
  method: (typeof payments.$inferSelect)['method'];
  amountCents: number;
  requestedAt: Date;
  refundedAt: Date | null;
  /** The provider's refund id; `manual` (or `manual:<reference>`) when the company gave it back itself. */
  providerRefundId: string | null;
  /**
   * pending while its job may still ask the provider; by_hand once the job is over without a
   * refund (the provider could not, or is not configured): the company gives it back itself.
   */
  state: 'pending' | 'refunded' | 'by_hand';
};

const MANUAL_PREFIX = 'manual';

/** The refund id a refund the company made itself is recorded under. */
export const manualRefundId = (reference: string | undefined) => (reference ? `${MANUAL_PREFIX}:${reference}` : MANUAL_PREFIX);
export const isManualRefundId = (refundId: string | null) => refundId === MANUAL_PREFIX || Boolean(refundId?.startsWith(`${MANUAL_PREFIX}:`));

type JobStatus = (typeof scheduledJobs.$inferSelect)['status'];

function stateOf(refundedAt: Date | null, jobStatus: JobStatus | null): RefundLine['state'] {
  if (refundedAt) return 'refunded';
  return jobStatus === 'pending' || jobStatus === 'running' ? 'pending' : 'by_hand';
}

/** The job key of a refund line. */
export const refundJobKey = (refundId: number) => `${REFUND_JOB}-${refundId}`;

/** The provider's idempotency key of a refund line: the one kept with it, else `refund-<id>`. */
export const refundIdempotencyKey = (line: { id: number; idempotencyKey: string | null }) => line.idempotencyKey ?? `refund-${line.id}`;

/**
 * Every refund line of a booking, oldest first (decisions 0121, 0138, 0152), each with its state
 * read from its job: one query.
 */
export async function listRefundLines(db: DbOrTx, bookingId: number): Promise<RefundLine[]> {
  const rows = await db
    .select({
      refundId: refunds.id,
      paymentId: refunds.paymentId,
      cause: refunds.cause,
      method: payments.method,
      amountCents: refunds.amountCents,
      requestedAt: refunds.requestedAt,
      refundedAt: refunds.refundedAt,
      providerRefundId: refunds.refundId,
      jobStatus: scheduledJobs.status,
    })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(scheduledJobs, eq(scheduledJobs.key, sql`${REFUND_JOB + '-'} || ${refunds.id}`))
    .where(eq(refunds.bookingId, bookingId))
    .orderBy(asc(refunds.requestedAt), asc(refunds.id));
  return rows.map(({ jobStatus, ...line }) => ({ ...line, id: `refund-${line.refundId}`, state: stateOf(line.refundedAt, jobStatus) }));
}

/**
 * Gives back `cents` of a payment as a new line (decision 0152), in the caller's transaction on the
 * locked booking: a card or PayPal one is asked of its provider by its own durable job, once; cash
 * is handed back by the company, so it is recorded as given back now.
 */
export async function addRefund(
  tx: DbOrTx,
  payment: { id: number; bookingId: number; method: (typeof payments.$inferSelect)['method'] },
  cents: number,
  cause: RefundCause,
  now: Date,
  changeId: number | null = null,
): Promise<number> {
  const cash = payment.method === 'cash';
  const [row] = await tx
    .insert(refunds)
    .values({ bookingId: payment.bookingId, paymentId: payment.id, cause, changeId, amountCents: cents, requestedAt: now, ...(cash ? { refundedAt: now } : {}) })
    .returning({ id: refunds.id });
  if (!row) throw new Error('refund insert returned nothing');
  if (!cash) await scheduleJob(tx, { key: refundJobKey(row.id), name: REFUND_JOB, payload: { refundId: row.id } });
  return row.id;
}

/** Records a refund given back: by its provider (its refund id) or by the company itself (`manual…`). */
export async function markRefunded(tx: DbOrTx, refundId: number, providerRefundId: string, at: Date): Promise<void> {
  await tx.update(refunds).set({ refundId: providerRefundId, refundedAt: at }).where(and(eq(refunds.id, refundId), sql`${refunds.refundedAt} is null`));
}

/** A refund line with its payment, as the job asks the provider for it. */
export async function findRefundToAsk(db: DbOrTx, refundId: number) {
  const [row] = await db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  return row;
}
