import { formatSiren, formatVatNumber } from '@vtc/shared/company/company-identifiers';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDate } from '@vtc/shared/time/format-paris';
import { documentI18n } from './document-words.ts';
import type { Operator } from './operator.ts';
import { PdfWriter } from './pdf-writer.ts';
import { formatNumber } from '@vtc/shared/i18n/format-number';

/** What a month-end statement shows (decision 0142), frozen when issued. */
export type StatementData = {
  number: string;
  month: string;
  issuedAt: string;
  dueAt: string;
  paymentTermsDays: number;
  seller: Operator;
  buyer: { name: string; address: string; siren: string | null; vatNumber: string | null };
  lines: { bookingId: number; date: string; route: string; passenger: string; reference: string | null; costCentre: string | null; amountCents: number }[];
  vatRatePercent: number;
  /** The company's discount already in each line's amount (decision 0150); absent on statements issued before it. */
  discountPercent?: number | undefined;
  totalExclTaxCents: number;
  vatCents: number;
  totalInclTaxCents: number;
};

/** The statement as a PDF, in French (the company's copy of a business document, decision 0122). */
export async function renderStatementPdf(row: { data: unknown; issuedAt: Date; paidAt: Date | null }): Promise<Buffer> {
  const data = row.data as StatementData;
  const t = documentI18n('company').getFixedT('fr', 'document');
  const date = (iso: string) => formatParisDate(iso, 'fr', 'medium');
  const money = (cents: number) => formatEuros(cents, 'fr');
  const rate = formatNumber(data.vatRatePercent, 'fr', { maximumFractionDigits: 2 });
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
  if (data.discountPercent) pdf.space(4).note(t('statement.discount', { percent: formatNumber(data.discountPercent, 'fr') }), 9);
  pdf
    .space()
    .amount(t('total_excl_tax'), money(data.totalExclTaxCents))
    .amount(t('vat', { rate }), money(data.vatCents))
    .amount(t('total_incl_tax'), money(data.totalInclTaxCents), true);
  if (row.paidAt) pdf.space(4).note(t('paid_on', { date: date(row.paidAt.toISOString()) }), 10);
  pdf.space(12).note(t('statement.terms', { days: String(data.paymentTermsDays) }), 8);
  return pdf.toBuffer();
}
