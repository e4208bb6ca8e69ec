import { and, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { companyStatements, einvoiceSubmissions } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { invoicePdfById } from './documents-service.ts';
import { renderStatementPdf } from './company-statement-pdf.ts';
import { statementFacturxPdf } from './facturx.ts';
import { EINVOICE_SEND_JOB, EINVOICE_STATEMENT_JOB, einvoicePlatformOf, FINAL_STATUSES, type EInvoicePlatform } from './einvoice-platform.ts';

export const EINVOICE_STATUS_JOB = 'einvoice.status';

/**
 * Sends one document's Factur-X file, once: a submission that already has the platform's id is
 * left alone, so a job run again (a lapsed lease, a retry) never posts it twice; a send whose
 * answer was lost is filed once by the platform under its idempotency key (the number). A failure
 * is noted on the submission and retried by the job runner with backoff.
 */
function sendJob(platform: EInvoicePlatform): JobDefinition {
  return {
    name: EINVOICE_SEND_JOB,
    maxAttempts: 12,
    async run(payload, { db }) {
      const invoiceId = Number(payload.invoiceId);
      const [submission] = await db.select().from(einvoiceSubmissions).where(eq(einvoiceSubmissions.invoiceId, invoiceId));
      if (!submission || submission.platformId !== null || platform.name === 'none') return;
      const file = await invoicePdfById(db, invoiceId);
      try {
        const sent = await platform.send({ number: file.filename.replace(/\.pdf$/, ''), filename: file.filename, pdf: file.bytes });
        await db
          .update(einvoiceSubmissions)
          .set({ platformId: sent.platformId, status: sent.status, sentAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
          .where(and(eq(einvoiceSubmissions.invoiceId, invoiceId), isNull(einvoiceSubmissions.platformId)));
      } catch (error) {
        await db
          .update(einvoiceSubmissions)
          .set({ lastError: error instanceof Error ? error.message : String(error), updatedAt: sql`now()` })
          .where(eq(einvoiceSubmissions.invoiceId, invoiceId));
        throw error;
      }
    },
  };
}

/**
 * Sends one month-end statement's Factur-X file, once (decision 0150), as `sendJob` does a trip's
 * document: a statement that has the platform's id is left alone; a failure is noted and retried.
 */
function sendStatementJob(platform: EInvoicePlatform): JobDefinition {
  return {
    name: EINVOICE_STATEMENT_JOB,
    maxAttempts: 12,
    async run(payload, { db }) {
      const statementId = Number(payload.statementId);
      const [row] = await db.select().from(companyStatements).where(eq(companyStatements.id, statementId));
      if (!row || row.einvoiceStatus === null || row.einvoicePlatformId !== null || platform.name === 'none') return;
      const pdf = await statementFacturxPdf(row, await renderStatementPdf(row));
      try {
        const sent = await platform.send({ number: row.number, filename: `${row.number}.pdf`, pdf });
        await db
          .update(companyStatements)
          .set({ einvoicePlatformId: sent.platformId, einvoiceStatus: sent.status, einvoiceSentAt: sql`now()`, einvoiceError: null })
          .where(and(eq(companyStatements.id, statementId), isNull(companyStatements.einvoicePlatformId)));
      } catch (error) {
        await db
          .update(companyStatements)
          .set({ einvoiceError: error instanceof Error ? error.message : String(error) })
          .where(eq(companyStatements.id, statementId));
        throw error;
      }
    },
  };
}

/** Every quarter of an hour, the platform's status of each document it holds that is not final yet. */
function statusJob(platform: EInvoicePlatform): JobDefinition {
  return {
    name: EINVOICE_STATUS_JOB,
    everySeconds: 15 * 60,
    async run(_payload, { db, log }) {
      if (platform.name === 'none') return;
      const open = await db
        .select({ invoiceId: einvoiceSubmissions.invoiceId, platformId: einvoiceSubmissions.platformId, status: einvoiceSubmissions.status })
        .from(einvoiceSubmissions)
        .where(and(isNotNull(einvoiceSubmissions.platformId), notInArray(einvoiceSubmissions.status, [...FINAL_STATUSES])));
      for (const row of open) {
        try {
          const status = await platform.status(row.platformId!);
          if (status !== row.status) {
            await db.update(einvoiceSubmissions).set({ status, updatedAt: sql`now()` }).where(eq(einvoiceSubmissions.invoiceId, row.invoiceId));
          }
        } catch (error) {
          log.warn({ err: error, invoiceId: row.invoiceId }, 'e-invoice status not read');
        }
      }
      const statements = await db
        .select({ id: companyStatements.id, platformId: companyStatements.einvoicePlatformId, status: companyStatements.einvoiceStatus })
        .from(companyStatements)
        .where(and(isNotNull(companyStatements.einvoicePlatformId), notInArray(companyStatements.einvoiceStatus, [...FINAL_STATUSES])));
      for (const row of statements) {
        try {
          const status = await platform.status(row.platformId!);
          if (status !== row.status) await db.update(companyStatements).set({ einvoiceStatus: status }).where(eq(companyStatements.id, row.id));
        } catch (error) {
          log.warn({ err: error, statementId: row.id }, 'e-invoice status of a statement not read');
        }
      }
    },
  };
}

export function einvoiceJobs(config: Config, platform: EInvoicePlatform = einvoicePlatformOf(config)): JobDefinition[] {
  return [sendJob(platform), sendStatementJob(platform), statusJob(platform)];
}
