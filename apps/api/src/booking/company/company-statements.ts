import type { CompanyStatementItem } from '@vtc/shared/company/company-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { splitVat } from '@vtc/shared/pricing/split-vat';
import { formatParisDate } from '@vtc/shared/time/format-paris';
import { getParisParts, parisMonthStart } from '@vtc/shared/time/paris-time';
import { formatSiren, formatVatNumber } from '@vtc/shared/company/company-identifiers';
import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt } from 'drizzle-orm';
import { listMembers, lockCompany, type CompanyRow } from '../../accounts/companies/companies-repository.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { bookings, companies, companyStatements } from '../../platform/db/schema.ts';
import type { JobDefinition } from '../../platform/jobs/job-runner.ts';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import { renderMail } from '../../platform/mail/layout.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { stopsColumn } from '../bookings-repository.ts';
import { documentI18n } from '../documents/document-words.ts';
import { takeNumber } from '../documents/documents-repository.ts';
import { operatorOf, type Operator } from '../documents/operator.ts';
import { PdfWriter } from '../documents/pdf-writer.ts';

export type StatementRow = typeof companyStatements.$inferSelect;

/** One completed trip on a statement, frozen when it is issued. */
export type StatementLine = {
  bookingId: number;
  date: string;
  route: string;
  passenger: string;
  reference: string | null;
  costCentre: string | null;
  amountCents: number;
};

/** What a month-end statement shows (decision 0142), frozen when issued. */
export type StatementData = {
  number: string;
  month: string;
  issuedAt: string;
  dueAt: string;
  paymentTermsDays: number;
  seller: Operator;
  buyer: { name: string; address: string; siren: string | null; vatNumber: string | null };
  lines: StatementLine[];
  vatRatePercent: number;
  totalExclTaxCents: number;
  vatCents: number;
  totalInclTaxCents: number;
};

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
      ...amounts,
    };
    const [row] = await tx
      .insert(companyStatements)
      .values({ companyId, month, year, sequence, number, ...amounts, vatRateBasisPoints: Math.round(rate * 100), dueAt, data, issuedAt: now })
      .returning();
    if (!row) throw new Error('statement insert returned nothing');
    await tx.update(bookings).set({ statementId: row.id }).where(inArray(bookings.id, trips.map((trip) => trip.id)));
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

/** To the company's admins and billing addresses, in the company's language: the statement, its total and due date, and where to read it. */
async function queueStatementMails(tx: DbOrTx, config: Config, company: CompanyRow, row: StatementRow, data: StatementData): Promise<void> {
  const admins = (await listMembers(tx, company.id)).filter((member) => member.role === 'admin').map((member) => member.email);
  const to = [...new Set([...admins, ...company.billingEmails].map((address) => address.trim().toLowerCase()).filter(Boolean))];
  const language: Language = company.language;
  const t = mailI18n.getFixedT(language, 'mail');
  const monthName = new Intl.DateTimeFormat(language === 'ar' ? 'ar' : language, { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(
    parisMonthStart(monthParts(data.month)),
  );
  const mail = renderMail(language, {
    subject: t('companyStatement.subject', { number: row.number, month: monthName }),
    greeting: t('greetingNoName'),
    paragraphs: [
      t('companyStatement.body', {
        company: company.legalName,
        month: monthName,
        count: String(data.lines.length),
        total: formatEuros(row.totalInclTaxCents, language),
        due: formatParisDate(row.dueAt, language, 'medium'),
      }),
    ],
    action: { label: t('companyStatement.action'), url: `${config.PUBLIC_URL}/account/company` },
    signature: t('signature'),
  });
  for (const address of to) await enqueueMail(tx, { kind: 'company_statement', to: address, dedupeKey: `company_statement:${row.id}:${address}`, ...mail });
}

/** A statement as its lists show it: overdue once its due date has passed unpaid. */
export function toStatementItem(row: StatementRow, companyName: string, now = new Date()): CompanyStatementItem {
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
    overdue: row.paidAt === null && row.dueAt.getTime() < now.getTime(),
    trips: data.lines.length,
    totalExclTaxCents: row.totalExclTaxCents,
    vatCents: row.vatCents,
    totalInclTaxCents: row.totalInclTaxCents,
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

/** The owner records the statement paid: 404 statement_not_found, 409 statement_already_paid. */
export async function markStatementPaid(db: Db, id: number): Promise<StatementRow> {
  const [row] = await db
    .update(companyStatements)
    .set({ paidAt: new Date() })
    .where(and(eq(companyStatements.id, id), isNull(companyStatements.paidAt)))
    .returning();
  if (row) return row;
  if (await findStatement(db, id)) throw conflict('statement_already_paid');
  throw notFound('statement_not_found');
}

/** The statement as a PDF, in French (the company's copy of a business document, decision 0122). */
export async function renderStatementPdf(row: StatementRow): Promise<Buffer> {
  const data = row.data as StatementData;
  const t = documentI18n('company').getFixedT('fr', 'document');
  const date = (iso: string) => formatParisDate(iso, 'fr', 'medium');
  const money = (cents: number) => formatEuros(cents, 'fr');
  const rate = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 }).format(data.vatRatePercent);
  const pdf = new PdfWriter({ direction: 'ltr', title: `${t('statement.title')} ${data.number}`, issuedAt: row.issuedAt });
  pdf
    .title(`${t('statement.title')} ${data.number}`)
    .field(t('number'), data.number)
    .field(t('date'), date(data.issuedAt))
    .field(t('statement.period'), data.month)
    .field(t('statement.due_date'), date(data.dueAt))
    .heading(t('seller'))
    .field(t('legal_name'), data.seller.legalName)
    .field(t('address'), data.seller.address)
    .field(t('siren'), data.seller.siren)
    .field(t('vat_number'), data.seller.vatNumber)
    .field(t('vtc_register'), data.seller.vtcRegister)
    .heading(t('buyer'))
    .field(t('legal_name'), data.buyer.name)
    .field(t('address'), data.buyer.address);
  if (data.buyer.siren) pdf.field(t(data.buyer.siren.length === 14 ? 'siret' : 'siren'), formatSiren(data.buyer.siren));
  if (data.buyer.vatNumber) pdf.field(t('vat_number'), formatVatNumber(data.buyer.vatNumber));
  pdf.heading(t('statement.trips')).field(t('operation_nature'), t('operation_services'));
  for (const line of data.lines) {
    pdf.note(
      t('statement.line', {
        date: date(line.date),
        route: line.route,
        passenger: line.passenger || '—',
        reference: line.reference ?? '—',
        costCentre: line.costCentre ?? '—',
        amount: money(line.amountCents),
      }),
      9,
    );
  }
  pdf
    .space()
    .amount(t('total_excl_tax'), money(data.totalExclTaxCents))
    .amount(t('vat', { rate }), money(data.vatCents))
    .amount(t('total_incl_tax'), money(data.totalInclTaxCents), true);
  if (row.paidAt) pdf.space(4).note(t('paid_on', { date: date(row.paidAt.toISOString()) }), 10);
  pdf.space(12).note(t('statement.terms', { days: String(data.paymentTermsDays) }), 8);
  return pdf.toBuffer();
}
