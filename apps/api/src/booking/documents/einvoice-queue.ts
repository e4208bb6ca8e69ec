import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { companyStatements, einvoiceSubmissions } from '../../platform/db/schema.ts';
import { scheduleJob } from '../../platform/jobs/scheduled-jobs.ts';
import { EINVOICE_SEND_JOB, EINVOICE_STATEMENT_JOB } from './einvoice-platform.ts';

/**
 * Queues a business document for the platform, in the transaction that issues it: its submission
 * row and the job that sends it, both saved with the document or neither (decision 0139).
 */
export async function queueEInvoice(tx: DbOrTx, invoiceId: number): Promise<void> {
  await tx.insert(einvoiceSubmissions).values({ invoiceId }).onConflictDoNothing();
  await scheduleJob(tx, { key: `${EINVOICE_SEND_JOB}:${invoiceId}`, name: EINVOICE_SEND_JOB, payload: { invoiceId } });
}

/** Queues a month-end statement for the platform in the transaction that issues it (decision 0150). */
export async function queueStatementEInvoice(tx: DbOrTx, statementId: number): Promise<void> {
  await tx.update(companyStatements).set({ einvoiceStatus: 'queued' }).where(eq(companyStatements.id, statementId));
  await scheduleJob(tx, { key: `${EINVOICE_STATEMENT_JOB}:${statementId}`, name: EINVOICE_STATEMENT_JOB, payload: { statementId } });
}

export type SubmissionRow = typeof einvoiceSubmissions.$inferSelect;

/** The platform submissions of these documents, by document id. */
export async function listSubmissions(db: DbOrTx, invoiceIds: number[]): Promise<Map<number, SubmissionRow>> {
  if (invoiceIds.length === 0) return new Map();
  const rows = await db.select().from(einvoiceSubmissions).where(inArray(einvoiceSubmissions.invoiceId, invoiceIds));
  return new Map(rows.map((row) => [row.invoiceId, row]));
}
