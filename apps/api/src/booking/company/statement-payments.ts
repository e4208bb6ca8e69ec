import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@vtc/shared/i18n/languages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { requireCompanyAdmin } from '../../accounts/companies/company-access.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { companyStatements, statementPayments } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import type { PaidPayment, ProviderId } from '../payments/payment-provider.ts';
import type { PaymentProviders } from '../payments/payment-providers.ts';
import { findStatement, type StatementRow } from './company-statements.ts';

type PaymentsDeps = { db: Db; config: Config; providers: PaymentProviders; log: FastifyBaseLogger };

/** A statement of the signed-in admin's company, unpaid: 404 statement_not_found (another company's too), 409 statement_already_paid. */
async function payableStatement(db: DbOrTx, userId: number, statementId: number): Promise<StatementRow> {
  const membership = await requireCompanyAdmin(db, userId);
  const row = await findStatement(db, statementId);
  if (!row || row.companyId !== membership.company.id) throw notFound('statement_not_found');
  if (row.paidAt) throw conflict('statement_already_paid');
  return row;
}

/** Where the provider sends the payer back: the company's space (PayPal appends `token` = the order). */
function returnUrls(publicUrl: string, providerId: ProviderId, statementId: number) {
  const space = `${publicUrl}/account/company`;
  if (providerId === 'paypal') return { successUrl: `${space}?statement=${statementId}&method=paypal`, cancelUrl: space };
  return { successUrl: `${space}?paid=${statementId}`, cancelUrl: space };
}

/**
 * A company admin pays a month-end statement by card or PayPal (decision 0150): the provider's page
 * for its total, a pending `statement_payments` row. The statement's earlier pages still open with
 * the same provider are closed first, so only the newest can take the money.
 */
export async function startStatementPayment(
  deps: PaymentsDeps,
  providerId: ProviderId,
  userId: number,
  statementId: number,
  language: Language,
): Promise<{ url: string }> {
  const row = await payableStatement(deps.db, userId, statementId);
  const provider = deps.providers.require(providerId);
  const open = await deps.db
    .select()
    .from(statementPayments)
    .where(and(eq(statementPayments.statementId, row.id), eq(statementPayments.method, providerId), eq(statementPayments.status, 'pending')));
  for (const payment of open) {
    if (provider.close && (await provider.close(payment.providerSessionId, 0, deps.log))) {
      await markStatementSessionEnded(deps.db, payment.providerSessionId, 'expired');
    }
  }
  const account = await findUserById(deps.db, userId);
  const started = await provider.start(
    {
      bookingId: 0,
      statement: { id: row.id, number: row.number },
      amountCents: row.totalInclTaxCents,
      language,
      verifiedEmail: account?.emailVerifiedAt ? account.email : null,
      ...returnUrls(deps.config.PUBLIC_URL, providerId, row.id),
    },
    deps.log,
  );
  await deps.db.insert(statementPayments).values({
    statementId: row.id,
    method: providerId,
    amountCents: started.amountCents,
    currency: started.currency,
    providerSessionId: started.reference,
    openedByUserId: userId,
  });
  return { url: started.url };
}

/**
 * Back from PayPal with an approved order: it must be one this statement's page created (404
 * token_invalid otherwise); captured once, then settled as the webhook would.
 */
export async function captureStatementReturn(deps: PaymentsDeps, userId: number, statementId: number, order: string): Promise<{ paid: boolean }> {
  await requireCompanyAdmin(deps.db, userId);
  const provider = deps.providers.require('paypal');
  const [payment] = await deps.db
    .select()
    .from(statementPayments)
    .where(and(eq(statementPayments.statementId, statementId), eq(statementPayments.providerSessionId, order)));
  if (!payment || !provider.capture) throw notFound('token_invalid');
  if (payment.status === 'succeeded') return { paid: true };
  const captured = await provider.capture(order, 0, deps.log);
  if (!captured.completed) return { paid: false };
  await deps.db.transaction((tx) =>
    settleStatementPayment(tx, deps, 'paypal', { ...captured.paid, bookingId: undefined, statementId, amountCents: captured.paid.amountCents ?? payment.amountCents }),
  );
  return { paid: true };
}

/**
 * A statement payment the provider reports paid (a webhook, a PayPal capture): its row says
 * succeeded (created if not ours yet) and the statement is marked paid, with the provider as how,
 * only if it is not paid yet; another report of the same payment changes nothing. A payment for a
 * statement the owner had marked paid by hand is kept on record and logged: the money is to give back.
 */
export async function settleStatementPayment(tx: DbOrTx, deps: Pick<PaymentsDeps, 'log'>, method: ProviderId, paid: PaidPayment): Promise<void> {
  const statementId = paid.statementId;
  const [statement] = statementId === undefined ? [] : await tx.select().from(companyStatements).where(eq(companyStatements.id, statementId)).for('update');
  if (!statement) {
    deps.log.warn({ providerId: paid.reference, reason: paid.reason }, 'paid statement payment for an unknown statement');
    return;
  }
  const captureId = paid.captureId ?? null;
  const newly = await tx
    .insert(statementPayments)
    .values({
      statementId: statement.id,
      method,
      amountCents: paid.amountCents ?? statement.totalInclTaxCents,
      currency: paid.currency,
      status: 'succeeded',
      providerSessionId: paid.reference,
      providerCaptureId: captureId,
      paidAt: sql`now()`,
    })
    .onConflictDoUpdate({
      target: statementPayments.providerSessionId,
      set: { status: 'succeeded', paidAt: sql`now()`, providerCaptureId: sql`coalesce(${statementPayments.providerCaptureId}, ${captureId})` },
      setWhere: sql`${statementPayments.status} <> 'succeeded'`,
    })
    .returning({ id: statementPayments.id });
  if (newly.length === 0) return;
  const marked = await tx
    .update(companyStatements)
    .set({ paidAt: sql`now()`, paidMethod: method })
    .where(and(eq(companyStatements.id, statement.id), isNull(companyStatements.paidAt)))
    .returning({ id: companyStatements.id });
  if (marked.length === 0) deps.log.warn({ statementId: statement.id, reason: paid.reason }, 'statement paid by provider after it was already paid: refund by hand');
}

/** A statement's provider page that ended without payment; a succeeded one stays succeeded. */
export async function markStatementSessionEnded(tx: DbOrTx, sessionId: string, status: 'expired' | 'failed'): Promise<void> {
  await tx
    .update(statementPayments)
    .set({ status })
    .where(and(eq(statementPayments.providerSessionId, sessionId), eq(statementPayments.status, 'pending')));
}
