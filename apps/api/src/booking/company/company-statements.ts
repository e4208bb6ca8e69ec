import type { CompanyStatementItem } from '@vtc/shared/company/company-responses';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import { splitVat } from '@vtc/shared/pricing/split-vat';
import { getParisParts, parisMonthStart } from '@vtc/shared/time/paris-time';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt } from 'drizzle-orm';
import { listMembers, lockCompany, type CompanyRow } from '../../accounts/companies/companies-repository.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { bookings, companies, companyStatements } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { stopsColumn } from '../bookings-repository.ts';
import { takeNumber } from '../documents/documents-repository.ts';
import { operatorOf } from '../documents/operator.ts';
import { queueStatementEInvoice } from '../documents/einvoice-queue.ts';
import { statementFacturxPdf, statementFacturxXml } from '../documents/facturx.ts';
import { renderStatementPdf, type StatementData } from '../documents/company-statement-pdf.ts';
import { companyStatementMail } from '../mails/company-statement-mail.ts';

export type StatementRow = typeof companyStatements.$inferSelect;

export type StatementLine = StatementData['lines'][number];

type StatementDeps = { db: Db; config: Config };

/** `YYYY-MM` as the Paris month it names. */
function monthParts(month: string): { year: number; month: number } {
  const [year = '0', number = '0'] = month.split('-');
  return { year: Number(year), month: Number(number) };
}

/** The Paris month before the instant's, as YYYY-MM: what the month-end job invoices. */
export function previousMonth(now: Date): string {
  const start = parisMonthStart(getParisParts(now), -1);
  const { year, month } = getParisParts(start);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * Issues the month-end statement of one company for a Paris month (decision 0142), in one
 * transaction: the company's row is locked, so two runs at once take turns and the second finds
 * the first's statement (the unique key on company and month backs it); undefined when there is
 * nothing to invoice or the month is already invoiced. The trips are the company's completed ones
 * whose pickup is before the month's end and that no statement billed yet (a late completion of an
 * earlier month joins the next statement). The number comes from the invoices' own counter in the
 * same transaction: a rollback gives it back, no gap.
 */
export async function issueCompanyStatement(deps: StatementDeps, companyId: number, month: string): Promise<StatementRow | undefined> {
  const end = parisMonthStart(monthParts(month), 1);
  const issued = await deps.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (!company) return undefined;
    const [existing] = await tx
      .select({ id: companyStatements.id })
      .from(companyStatements)
      .where(and(eq(companyStatements.companyId, companyId), eq(companyStatements.month, month)));
    if (existing) return undefined;
    const trips = await tx
      .select({ ...getTableColumns(bookings), stops: stopsColumn })
      .from(bookings)
      .where(and(eq(bookings.companyId, companyId), eq(bookings.status, 'completed'), isNull(bookings.statementId), lt(bookings.pickupAt, end)))
      .orderBy(asc(bookings.pickupAt), asc(bookings.id));
    if (trips.length === 0) return undefined;
    const lines: StatementLine[] = trips.map((trip) => ({
      bookingId: trip.id,
      date: trip.pickupAt.toISOString(),
      route: [trip.origin, ...trip.stops, trip.destination].map((place) => placeTitle(place, 'fr')).join(' – '),
      passenger: trip.passenger?.fullName ?? trip.fullName ?? '',
      reference: trip.billing?.purchaseOrder ?? null,
      costCentre: trip.costCentre,
      amountCents: trip.totalCents ?? 0,
    }));
    const now = new Date();
    const year = getParisParts(now).year;
    const sequence = await takeNumber(tx, 'invoice', year);
    const number = `F-${year}-${String(sequence).padStart(6, '0')}`;
    const rate = deps.config.VAT_RATE_PERCENT;
    const amounts = splitVat(
      lines.reduce((sum, line) => sum + line.amountCents, 0),
      rate,
    );
    const dueAt = new Date(now.getTime() + company.paymentTermsDays * 86_400_000);
    const data: StatementData = {
      number,
      month,
      issuedAt: now.toISOString(),
      dueAt: dueAt.toISOString(),
      paymentTermsDays: company.paymentTermsDays,
      seller: operatorOf(deps.config),
      buyer: { name: company.legalName, address: company.billingAddress, siren: company.siren, vatNumber: company.vatNumber },
      lines,
      vatRatePercent: rate,
      ...(company.discountBasisPoints > 0 ? { discountPercent: company.discountBasisPoints / 100 } : {}),
      ...amounts,
    };
    const [row] = await tx
      .insert(companyStatements)
      .values({ companyId, month, year, sequence, number, ...amounts, vatRateBasisPoints: Math.round(rate * 100), dueAt, data, issuedAt: now })
      .returning();
    if (!row) throw new Error('statement insert returned nothing');
    await tx.update(bookings).set({ statementId: row.id }).where(inArray(bookings.id, trips.map((trip) => trip.id)));
    // A statement is always to a business (a company has a SIREN or a VAT number): a Factur-X e-invoice for the platform (decision 0150).
    if (deps.config.EINVOICE_PLATFORM !== 'none') await queueStatementEInvoice(tx, row.id);
    await queueStatementMails(tx, deps.config, company, row, data);
    return row;
  });
  return issued;
}

/** The month-end run (decision 0142): one statement per active company with trips to invoice; what it issued. */
export async function issueCompanyStatements(deps: StatementDeps, month: string): Promise<StatementRow[]> {
  const active = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.status, 'active')).orderBy(asc(companies.id));
  const issued: StatementRow[] = [];
  for (const { id } of active) {
    const row = await issueCompanyStatement(deps, id, month);
    if (row) issued.push(row);
  }
  return issued;
}

/**
 * The scheduled month-end (decision 0142): every hour it invoices the Paris month before the
 * clock's, which does nothing once the month is invoiced; so the statements leave in the first
 * hour of each month, and a missed run catches up at the next.
 */
export function companyStatementsJob(deps: { config: Config }): JobDefinition {
  return {
    name: 'company-statements',
    everySeconds: 3600,
    async run(_payload, context) {
      const issued = await issueCompanyStatements({ db: context.db, config: deps.config }, previousMonth(new Date()));
      if (issued.length > 0) context.log.info({ statements: issued.map((row) => row.number) }, 'company statements issued');
    },
  };
}

/** Who a company's statement mails go to: its admins and its billing addresses, each once. */
export async function statementRecipients(tx: DbOrTx, company: Pick<CompanyRow, 'id' | 'billingEmails'>): Promise<string[]> {
  const admins = (await listMembers(tx, company.id)).filter((member) => member.role === 'admin').map((member) => member.email);
  return [...new Set([...admins, ...company.billingEmails].map((address) => address.trim().toLowerCase()).filter(Boolean))];
}

/** To the company's admins and billing addresses, in the company's language: the statement, its total and due date, and where to read it. */
async function queueStatementMails(tx: DbOrTx, config: Config, company: CompanyRow, row: StatementRow, data: StatementData): Promise<void> {
  const to = await statementRecipients(tx, company);
  const mail = companyStatementMail(company.language, {
    company: company.legalName,
    number: row.number,
    month: data.month,
    trips: data.lines.length,
    totalCents: row.totalInclTaxCents,
    dueAt: row.dueAt,
    url: `${config.PUBLIC_URL}/account/company`,
  });
  for (const address of to) await enqueueMail(tx, { kind: 'company_statement', to: address, dedupeKey: `company_statement:${row.id}:${address}`, ...mail });
}

/** A statement as its lists show it: overdue once its due date has passed unpaid. */
export function toStatementItem(row: StatementRow, companyName: string, payWith: CompanyStatementItem['payWith'] = [], now = new Date()): CompanyStatementItem {
  const data = row.data as StatementData;
  return {
    id: row.id,
    companyId: row.companyId,
    companyName,
    month: row.month,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paidMethod: row.paidMethod,
    payWith: row.paidAt ? [] : payWith,
    overdue: row.paidAt === null && row.dueAt.getTime() < now.getTime(),
    trips: data.lines.length,
    totalExclTaxCents: row.totalExclTaxCents,
    vatCents: row.vatCents,
    totalInclTaxCents: row.totalInclTaxCents,
    einvoice: row.einvoiceStatus === null ? null : { status: row.einvoiceStatus, error: row.einvoiceError },
  };
}

/** The statements of one company, or of all (the owner's), newest first, with the company's name. */
export async function listStatements(db: DbOrTx, companyId?: number): Promise<{ row: StatementRow; companyName: string }[]> {
  return db
    .select({ row: companyStatements, companyName: companies.legalName })
    .from(companyStatements)
    .innerJoin(companies, eq(companies.id, companyStatements.companyId))
    .where(companyId === undefined ? undefined : eq(companyStatements.companyId, companyId))
    .orderBy(desc(companyStatements.issuedAt), desc(companyStatements.id));
}

export async function findStatement(db: DbOrTx, id: number): Promise<StatementRow | undefined> {
  const [row] = await db.select().from(companyStatements).where(eq(companyStatements.id, id));
  return row;
}

/** A statement's PDF: the Factur-X PDF/A-3 with its CII XML embedded as factur-x.xml (decision 0150). */
export async function statementPdfFile(row: StatementRow): Promise<{ filename: string; bytes: Buffer }> {
  return { filename: `${row.number}.pdf`, bytes: await statementFacturxPdf(row, await renderStatementPdf(row)) };
}

/** A statement's CII XML alone (EN 16931), the XML its PDF embeds. */
export async function statementXmlFile(row: StatementRow): Promise<{ filename: string; xml: string }> {
  return { filename: `${row.number}-factur-x.xml`, xml: await statementFacturxXml(row) };
}

/** The owner records the statement paid: 404 statement_not_found, 409 statement_already_paid. */
export async function markStatementPaid(db: Db, id: number): Promise<StatementRow> {
  const [row] = await db
    .update(companyStatements)
    .set({ paidAt: new Date(), paidMethod: 'manual' })
    .where(and(eq(companyStatements.id, id), isNull(companyStatements.paidAt)))
    .returning();
  if (row) return row;
  if (await findStatement(db, id)) throw conflict('statement_already_paid');
  throw notFound('statement_not_found');
}
