import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { splitVat } from '@vtc/shared/pricing/split-vat';
import { parisDayStart, parisIsoDate, shiftIsoDate } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { bookingBalances, invoices, payments } from '../../platform/db/schema.ts';
import { isBusinessDocument, type InvoiceData } from './booking-invoices.ts';

/**
 * E-reporting (decision 0140): what the reform asks a company to report besides its B2B
 * e-invoices, for a period: its sales to individuals (B2C), totals per day and VAT rate, and the
 * payments it received (services are taxed when paid), per day and VAT rate. Ready to hand to the
 * platform adapter, and downloadable as JSON or CSV.
 */
export type EReport = {
  period: { from: string; to: string };
  seller: { siren: string; vatNumber: string };
  /** B2C sales: invoices and credit notes (a deposit receipt's amount is in its invoice), per Paris day and rate. */
  sales: { date: string; vatRatePercent: number; documents: number; totalExclTaxCents: number; vatCents: number; totalInclTaxCents: number }[];
  /** Payments received (deposits and balances, every customer), per Paris day and rate; the VAT they include. */
  payments: { date: string; vatRatePercent: number; count: number; amountCents: number; vatCents: number }[];
  totals: { salesExclTaxCents: number; salesVatCents: number; salesInclTaxCents: number; paymentsCents: number };
};

/** `from` and `to` are Paris days, both included. */
export async function eReport(db: Db, config: Config, from: string, to: string): Promise<EReport> {
  const start = parisDayStart(from);
  const end = parisDayStart(shiftIsoDate(to, 1));
  const documents = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, start), lt(invoices.issuedAt, end), inArray(invoices.kind, ['invoice', 'credit_note'])));
  const sales = new Map<string, EReport['sales'][number]>();
  for (const row of documents) {
    if (isBusinessDocument(row.data as InvoiceData)) continue;
    const date = parisIsoDate(row.issuedAt);
    const rate = row.vatRateBasisPoints / 100;
    const key = `${date}|${rate}`;
    const line = sales.get(key) ?? { date, vatRatePercent: rate, documents: 0, totalExclTaxCents: 0, vatCents: 0, totalInclTaxCents: 0 };
    line.documents += 1;
    line.totalExclTaxCents += row.totalExclTaxCents;
    line.vatCents += row.vatCents;
    line.totalInclTaxCents += row.totalInclTaxCents;
    sales.set(key, line);
  }

  const [deposits, balances] = await Promise.all([
    db
      .select({ bookingId: payments.bookingId, amountCents: payments.amountCents, at: payments.paidAt })
      .from(payments)
      .where(and(eq(payments.status, 'succeeded'), isNotNull(payments.paidAt), gte(payments.paidAt, start), lt(payments.paidAt, end))),
    db
      .select({ bookingId: bookingBalances.bookingId, amountCents: bookingBalances.amountCents, at: bookingBalances.createdAt })
      .from(bookingBalances)
      .where(and(gte(bookingBalances.createdAt, start), lt(bookingBalances.createdAt, end))),
  ]);
  const received = [...deposits, ...balances];
  // The rate of a payment: its booking's documents' rate, else today's configured rate.
  const bookingIds = [...new Set(received.map((row) => row.bookingId))];
  const rates = new Map<number, number>();
  if (bookingIds.length > 0) {
    for (const row of await db.select({ bookingId: invoices.bookingId, rate: invoices.vatRateBasisPoints }).from(invoices).where(inArray(invoices.bookingId, bookingIds))) {
      rates.set(row.bookingId, row.rate / 100);
    }
  }
  const paid = new Map<string, EReport['payments'][number]>();
  for (const row of received) {
    const date = parisIsoDate(row.at!);
    const rate = rates.get(row.bookingId) ?? config.VAT_RATE_PERCENT;
    const key = `${date}|${rate}`;
    const line = paid.get(key) ?? { date, vatRatePercent: rate, count: 0, amountCents: 0, vatCents: 0 };
    line.count += 1;
    line.amountCents += row.amountCents;
    line.vatCents += splitVat(row.amountCents, rate).vatCents;
    paid.set(key, line);
  }
  const order = <T extends { date: string; vatRatePercent: number }>(lines: Iterable<T>) =>
    [...lines].sort((a, b) => a.date.localeCompare(b.date) || a.vatRatePercent - b.vatRatePercent);
  const salesLines = order(sales.values());
  const paymentLines = order(paid.values());
  return {
    period: { from, to },
    seller: { siren: config.COMPANY_SIREN, vatNumber: config.COMPANY_VAT_NUMBER },
    sales: salesLines,
    payments: paymentLines,
    totals: {
      salesExclTaxCents: salesLines.reduce((sum, line) => sum + line.totalExclTaxCents, 0),
      salesVatCents: salesLines.reduce((sum, line) => sum + line.vatCents, 0),
      salesInclTaxCents: salesLines.reduce((sum, line) => sum + line.totalInclTaxCents, 0),
      paymentsCents: paymentLines.reduce((sum, line) => sum + line.amountCents, 0),
    },
  };
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/** The report as CSV: one section per table, `;` separated, amounts in euros with a point, CRLF. */
export function eReportCsv(report: EReport): string {
  const lines = [
    ['section', 'date', 'taux_tva', 'nombre', 'ht', 'tva', 'ttc'].join(';'),
    ...report.sales.map((line) =>
      ['ventes_b2c', line.date, String(line.vatRatePercent), String(line.documents), euros(line.totalExclTaxCents), euros(line.vatCents), euros(line.totalInclTaxCents)].join(';'),
    ),
    ...report.payments.map((line) =>
      ['encaissements', line.date, String(line.vatRatePercent), String(line.count), euros(line.amountCents - line.vatCents), euros(line.vatCents), euros(line.amountCents)].join(';'),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
