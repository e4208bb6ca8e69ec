import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingChanges, payments, scheduledJobs } from '../../platform/db/schema.ts';

/** Job names and keys of the refunds (`refund-deposit-<bookingId>`, `refund-change-<changeId>`). */
export const REFUND_DEPOSIT_JOB = 'refund-deposit';
export const REFUND_CHANGE_JOB = 'refund-change';

/** A refund the booking owes or gave: a cancellation's refund of a payment, or a change's of a price difference. */
export type RefundLine = {
  /** `payment-<paymentId>` or `change-<changeId>`: what the company names when it settles the refund by hand. */
  id: string;
  paymentId: number;
  method: (typeof payments.$inferSelect)['method'];
  amountCents: number;
  requestedAt: Date;
  refundedAt: Date | null;
  /** The provider's refund id; `manual` (or `manual:<reference>`) when the company gave it back itself. */
  refundId: string | null;
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

/**
 * Every refund line of a booking, oldest first (decisions 0121, 0138), each with its state read
 * from its refund job: two queries, each joined to the job that gives it back.
 */
export async function listRefundLines(db: DbOrTx, bookingId: number): Promise<RefundLine[]> {
  const [cancellations, changes] = await Promise.all([
    db
      .select({
        paymentId: payments.id,
        method: payments.method,
        amountCents: sql<number>`coalesce(${payments.refundCents}, ${payments.amountCents})`.mapWith(Number),
        requestedAt: sql<Date>`coalesce(${payments.refundRequestedAt}, ${payments.refundedAt})`.mapWith((value: string | Date) => new Date(value)),
        refundedAt: payments.refundedAt,
        refundId: payments.refundId,
        jobStatus: scheduledJobs.status,
      })
      .from(payments)
      .leftJoin(scheduledJobs, eq(scheduledJobs.key, sql`${REFUND_DEPOSIT_JOB + '-'} || ${payments.bookingId}`))
      .where(and(eq(payments.bookingId, bookingId), or(isNotNull(payments.refundRequestedAt), isNotNull(payments.refundedAt))))
      .orderBy(asc(payments.id)),
    db
      .select({
        changeId: bookingChanges.id,
        paymentId: payments.id,
        method: payments.method,
        amountCents: bookingChanges.refundCents,
        requestedAt: bookingChanges.createdAt,
        refundedAt: bookingChanges.refundedAt,
        refundId: bookingChanges.refundId,
        jobStatus: scheduledJobs.status,
      })
      .from(bookingChanges)
      .innerJoin(payments, eq(payments.id, bookingChanges.refundPaymentId))
      .leftJoin(scheduledJobs, eq(scheduledJobs.key, sql`${REFUND_CHANGE_JOB + '-'} || ${bookingChanges.id}`))
      .where(and(eq(bookingChanges.bookingId, bookingId), gt(bookingChanges.refundCents, 0)))
      .orderBy(asc(bookingChanges.id)),
  ]);
  return [
    ...cancellations.map(({ jobStatus, ...line }) => ({ ...line, id: `payment-${line.paymentId}`, state: stateOf(line.refundedAt, jobStatus) })),
    ...changes.map(({ jobStatus, changeId, ...line }) => ({ ...line, id: `change-${changeId}`, state: stateOf(line.refundedAt, jobStatus) })),
  ].sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime());
}

/** Records a refund the company made itself on its line: the payment's or the change's. */
export async function markRefundSettled(tx: DbOrTx, line: RefundLine, refundId: string, at: Date): Promise<void> {
  const [kind, id] = line.id.split('-') as ['payment' | 'change', string];
  if (kind === 'payment') await tx.update(payments).set({ refundId, refundedAt: at }).where(eq(payments.id, Number(id)));
  else await tx.update(bookingChanges).set({ refundId, refundedAt: at }).where(eq(bookingChanges.id, Number(id)));
}
