import { z } from 'zod';
import { listResponse } from '../api/api-responses.ts';

/** The kinds of accounting documents (decision 0088). */
export const INVOICE_KINDS = ['receipt', 'invoice', 'credit_note'] as const;
export const InvoiceKind = z.enum(INVOICE_KINDS, { error: 'invalid_value' });
export type InvoiceKind = z.infer<typeof InvoiceKind>;

/** A calendar month, `2026-11`. */
export const MonthField = z.string({ error: 'invalid_value' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value');

/** `?month=2026-11`: the month of the admin list and of the accountant's export. */
export const InvoiceMonthQuery = z.object({ month: MonthField });
export type InvoiceMonthQuery = z.infer<typeof InvoiceMonthQuery>;

/** An accounting document's number as printed: `A-2026-000001` (receipt), `F-…` (invoice), `AV-…` (credit note). */
export const InvoiceNumber = z.string({ error: 'invalid_value' }).regex(/^(A|F|AV)-\d{4}-\d{6}$/, 'invalid_value');

/**
 * `?kind=receipt`: which document of a booking (the invoice by default), the latest of its kind;
 * `&number=AV-2026-000003`: that one, when a booking has several (receipts of a difference, credit notes).
 */
export const BookingInvoiceQuery = z.object({ kind: InvoiceKind.default('invoice'), number: InvoiceNumber.optional() });

/** A voucher number as printed, `BR-2026-000001`. */
export const VoucherNumber = z.string({ error: 'invalid_value' }).regex(/^BR-\d{4}-\d{6}$/, 'invalid_value');

/** `?version=2&number=BR-2026-000001`: a given version (the latest by default), checked against its number. */
export const VoucherQuery = z.object({
  version: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').min(1, 'invalid_value').max(10_000, 'invalid_value').optional(),
  number: VoucherNumber.optional(),
});

/** One row of the admin "Factures" list. Amounts are cents, negative on a credit note. */
export const InvoiceListItem = z.object({
  id: z.number().int(),
  kind: InvoiceKind,
  number: z.string(),
  issuedAt: z.string(),
  bookingId: z.number().int(),
  customerName: z.string(),
  totalExclTaxCents: z.number().int(),
  vatCents: z.number().int(),
  totalInclTaxCents: z.number().int(),
  creditOf: z.number().int().nullable(),
  /**
   * A business customer's document (decision 0139): it has a Factur-X file; `status` is its
   * passage through the certified platform, `null` when no platform is configured (downloadable only).
   */
  einvoice: z.object({ status: z.string().nullable(), error: z.string().nullable() }).nullable(),
});
export type InvoiceListItem = z.infer<typeof InvoiceListItem>;

export const InvoiceList = listResponse(InvoiceListItem);
export type InvoiceList = z.infer<typeof InvoiceList>;

/** A Paris day, `2027-03-04`. */
const DayField = z.string({ error: 'period_invalid' }).regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'period_invalid');

/** `?from=2027-03-01&to=2027-03-31&format=csv`: the e-reporting period (days included, 366 at most) and its format (decision 0140). */
export const EReportingQuery = z
  .object({ from: DayField, to: DayField, format: z.enum(['json', 'csv'], { error: 'invalid_value' }).default('json') })
  .refine((query) => query.from <= query.to && Date.parse(query.to) - Date.parse(query.from) <= 365 * 86_400_000, { message: 'period_invalid', path: ['to'] });
export type EReportingQuery = z.infer<typeof EReportingQuery>;
