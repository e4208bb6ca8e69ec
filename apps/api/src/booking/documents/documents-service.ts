import type { InvoiceKind } from '@vtc/shared/documents/document-schemas';
import { parisMonthStart } from '@vtc/shared/time/paris-time';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { notFound } from '../../platform/lib/app-error.ts';
import { mailI18n } from '../../platform/mail/mail-i18n.ts';
import { getBookingOr404 } from '../booking-access.ts';
import { findBooking, type BookingAccess } from '../bookings-repository.ts';
import { isBusinessDocument, renderInvoicePdf, type InvoiceData, type InvoiceSettlement } from './booking-invoices.ts';
import { facturxPdf, facturxXml } from './facturx.ts';
import type { InvoiceLine } from '@vtc/shared/booking/booking-responses';
import { listBalances, listDepositsReceived } from '../settlement/settlement-repository.ts';
import { renderVoucherPdf, toIssuedVoucher } from './booking-vouchers.ts';
import type { DocumentCopy } from './document-words.ts';
import { findInvoice, findInvoiceOfBooking, findVoucherVersion, latestVoucher, listInvoicesIssued, listStatementsIssued, type InvoiceRow } from './documents-repository.ts';

export type PdfFile = { filename: string; bytes: Buffer };

/**
 * A booking's voucher as PDF for its owner or an admin (another user's booking is 404
 * booking_not_found). The latest version unless `version` is given; a `number` that is not this
 * booking's voucher number is 404 voucher_not_found; none issued yet is 404 voucher_not_issued.
 */
export async function voucherPdf(
  db: Db,
  access: BookingAccess,
  bookingId: number,
  query: { version?: number | undefined; number?: string | undefined },
  copy: DocumentCopy,
): Promise<PdfFile> {
  await getBookingOr404(db, bookingId, access);
  const row = query.version === undefined ? await latestVoucher(db, bookingId) : await findVoucherVersion(db, bookingId, query.version);
  if (!row) {
    const any = await latestVoucher(db, bookingId);
    throw notFound(any ? 'voucher_not_found' : 'voucher_not_issued');
  }
  if (query.number !== undefined && query.number !== row.number) throw notFound('voucher_not_found');
  return { filename: `${row.number}-v${row.version}.pdf`, bytes: await renderVoucherPdf(toIssuedVoucher(row), copy) };
}

/** A booking's receipt, invoice or credit note as PDF, for its owner or an admin; 404 invoice_not_issued before it exists. */
export async function bookingInvoicePdf(
  db: Db,
  access: BookingAccess,
  bookingId: number,
  { kind, number }: { kind: InvoiceKind; number?: string | undefined },
  copy: DocumentCopy,
): Promise<PdfFile> {
  await getBookingOr404(db, bookingId, access);
  const row = await findInvoiceOfBooking(db, bookingId, kind, number);
  if (!row) throw notFound('invoice_not_issued');
  return invoiceFile(db, row, copy);
}

/**
 * A hire's invoice lines as its invoice froze them (decision 0137): the service, overtime and
 * extra km with their reason; null before the invoice, and for a transfer (whose invoice has none).
 */
export async function invoiceLinesOfBooking(db: DbOrTx, bookingId: number): Promise<InvoiceLine[] | null> {
  const row = await findInvoiceOfBooking(db, bookingId, 'invoice');
  return (row?.data as InvoiceData | undefined)?.lines ?? null;
}

/** Any document by its id (admin list): the company's copy. */
export async function invoicePdfById(db: Db, id: number): Promise<PdfFile> {
  const row = await findInvoice(db, id);
  if (!row) throw notFound('invoice_not_found');
  return invoiceFile(db, row, 'company');
}

/** The PDF; a business customer's is the Factur-X PDF/A-3 with its CII XML embedded (decision 0139). */
async function invoiceFile(db: Db, row: InvoiceRow, copy: DocumentCopy): Promise<PdfFile> {
  const settlement = row.kind === 'invoice' ? await invoiceSettlement(db, row.bookingId, row.totalInclTaxCents) : undefined;
  return { filename: `${row.number}.pdf`, bytes: await facturxPdf(row, await renderInvoicePdf(row, copy, settlement)) };
}

/**
 * A business document's CII XML alone (EN 16931), for an admin or the booking's owner; another
 * user's document is 404 invoice_not_found, a private customer's 404 einvoice_not_business.
 */
export async function invoiceXmlById(db: Db, access: BookingAccess, id: number): Promise<{ filename: string; xml: string }> {
  const row = await findInvoice(db, id);
  if (!row) throw notFound('invoice_not_found');
  if (!access.isAdmin && !(await findBooking(db, row.bookingId, access))) throw notFound('invoice_not_found');
  if (!isBusinessDocument(row.data as InvoiceData)) throw notFound('einvoice_not_business');
  return { filename: `${row.number}-factur-x.xml`, xml: await facturxXml(row) };
}

/** What was paid of an invoiced trip and how: deposits kept, then the balances recorded (decision 0117). */
async function invoiceSettlement(db: Db, bookingId: number, totalCents: number): Promise<InvoiceSettlement> {
  const [deposits, balances] = await Promise.all([listDepositsReceived(db, bookingId), listBalances(db, bookingId)]);
  const payments: InvoiceSettlement['payments'] = [
    ...deposits.map((row) => ({ kind: 'deposit' as const, cents: row.amountCents, method: row.method, at: row.paidAt ?? row.createdAt })),
    ...balances.map((row) => ({ kind: 'balance' as const, cents: row.amountCents, method: row.method, at: row.createdAt })),
  ];
  return { payments, dueCents: Math.max(0, totalCents - payments.reduce((sum, payment) => sum + payment.cents, 0)) };
}

/** The first instant of a month and of the next one, on Paris clocks. */
function monthRange(month: string): { from: Date; to: Date } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { from: parisMonthStart({ year, month: monthNumber }), to: parisMonthStart({ year, month: monthNumber }, 1) };
}

/** The documents issued in a month (Paris time), oldest first. */
export async function listMonthInvoices(db: Db, month: string): Promise<InvoiceRow[]> {
  const { from, to } = monthRange(month);
  return listInvoicesIssued(db, from, to);
}

/** A cell for a spreadsheet, quoted when needed. */
function csvCell(value: string): string {
  return /[";\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Text a customer typed: a leading formula character is defused so a spreadsheet shows it as text. */
const csvText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * A month of documents for the accountant (decision 0088): French Excel's dialect, a UTF-8 byte
 * order mark, `;` between cells, a decimal comma, CRLF line ends; credit notes negative. The
 * companies' month-end statements are sales invoices too (decision 0150): type "Facture
 * mensuelle", the company as the customer, no single booking; all in the order they were issued.
 */
export async function exportMonthCsv(db: Db, month: string): Promise<{ filename: string; text: string }> {
  const { from, to } = monthRange(month);
  const [rows, statements] = await Promise.all([listInvoicesIssued(db, from, to), listStatementsIssued(db, from, to)]);
  const date = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short' });
  const t = mailI18n.getFixedT('fr', 'document');
  const kinds: Record<InvoiceKind, string> = { receipt: t('receipt_title'), invoice: t('invoice_title'), credit_note: t('credit_note_title') };
  const rate = (basisPoints: number) => String(basisPoints / 100).replace('.', ',');
  const lines = [
    ...rows.map((row) => ({
      at: row.issuedAt,
      cells: [
        row.number,
        date.format(row.issuedAt),
        kinds[row.kind],
        String(row.bookingId),
        csvText(row.customerName),
        euros(row.totalExclTaxCents),
        euros(row.vatCents),
        euros(row.totalInclTaxCents),
        rate(row.vatRateBasisPoints),
        row.creditOf === null ? '' : ((row.data as { creditOf?: { number: string } | null }).creditOf?.number ?? ''),
      ],
    })),
    ...statements.map((row) => ({
      at: row.issuedAt,
      cells: [
        row.number,
        date.format(row.issuedAt),
        t('statement.title'),
        '',
        csvText(row.companyName),
        euros(row.totalExclTaxCents),
        euros(row.vatCents),
        euros(row.totalInclTaxCents),
        rate(row.vatRateBasisPoints),
        '',
      ],
    })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .map((line) => line.cells.map(csvCell).join(';'));
  const header = ['Numéro', 'Date', 'Type', 'Réservation', 'Client', 'HT', 'TVA', 'TTC', 'Taux TVA', 'Avoir de'].join(';');
  return { filename: `factures-${month}.csv`, text: `\uFEFF${[header, ...lines].join('\r\n')}\r\n` };
}
