import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@vtc/shared/i18n/languages';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { requireCompanyAdmin } from '../../accounts/companies/company-access.ts';
import { findCompany } from '../../accounts/companies/companies-repository.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { companyStatements, statementPayments } from '../../platform/db/schema.ts';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import type { PaidPayment, ProviderId } from '../payments/payment-provider.ts';
import type { PaymentProviders } from '../payments/payment-providers.ts';
import { companyStatementPaidCompanyMail, companyStatementPaidMail } from '../mails/company-statement-paid-mail.ts';
import { findStatement, statementRecipients, type StatementRow } from './company-statements.ts';

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
export async function settleStatementPayment(tx: DbOrTx, deps: Pick<PaymentsDeps, 'log' | 'config'>, method: ProviderId, paid: PaidPayment): Promise<void> {
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
    .returning({ id: statementPayments.id, amountCents: statementPayments.amountCents });
  const payment = newly[0];
  if (!payment) return;
  const marked = await tx
    .update(companyStatements)
    .set({ paidAt: sql`now()`, paidMethod: method })
    .where(and(eq(companyStatements.id, statement.id), isNull(companyStatements.paidAt)))
    .returning({ id: companyStatements.id });
  const twice = marked.length === 0;
  if (twice) deps.log.warn({ statementId: statement.id, reason: paid.reason }, 'statement paid by provider after it was already paid: refund by hand');
  await queueStatementPaidMails(tx, deps.config, statement, { paymentId: payment.id, paidCents: payment.amountCents, method, twice, reference: paid.captureId ?? paid.reference });
}

/**
 * Once a statement payment succeeds (decision 0156): the company's admins and billing addresses
 * are told it is received (not when it came after the statement was marked paid by hand: the
 * company sorts that out with them), and the company is told it was paid, or that it must give
 * the second payment back. Keyed by the payment: a replayed report mails nobody twice.
 */
async function queueStatementPaidMails(
  tx: DbOrTx,
  config: Config,
  statement: Pick<StatementRow, 'companyId' | 'number'>,
  payment: { paymentId: number; paidCents: number; method: ProviderId; twice: boolean; reference: string },
): Promise<void> {
  const company = await findCompany(tx, statement.companyId);
  if (!company) return;
  const paid = { company: company.legalName, number: statement.number, paidCents: payment.paidCents, method: payment.method };
  if (!payment.twice) {
    const mail = companyStatementPaidMail(company.language, { ...paid, url: `${config.PUBLIC_URL}/account/company` });
    for (const address of await statementRecipients(tx, company)) {
      await enqueueMail(tx, { kind: 'company_statement_paid', to: address, dedupeKey: `company_statement_paid:${payment.paymentId}:${address}`, ...mail });
    }
  }
  await enqueueMail(tx, {
    kind: payment.twice ? 'company_statement_paid_twice_company' : 'company_statement_paid_company',
    to: config.COMPANY_EMAIL,
    dedupeKey: `company_statement_paid_company:${payment.paymentId}`,
    ...companyStatementPaidCompanyMail({ ...paid, twice: payment.twice, reference: payment.reference }),
  });
}

/** A statement's provider page that ended without payment; a succeeded one stays succeeded. */
export async function markStatementSessionEnded(tx: DbOrTx, sessionId: string, status: 'expired' | 'failed'): Promise<void> {
  await tx
    .update(statementPayments)
    .set({ status })
    .where(and(eq(statementPayments.providerSessionId, sessionId), eq(statementPayments.status, 'pending')));
}
