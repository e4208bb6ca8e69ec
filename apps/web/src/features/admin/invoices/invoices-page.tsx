import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { daysInMonth, getParisParts } from '@vtc/shared/time/paris-time';
import { MonthField, type InvoiceKind, type InvoiceListItem } from '@vtc/shared/documents/document-schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, RowButton } from '../../../components/ui/data-table';
import { showError } from '../../../lib/form-errors';
import { getStoredLanguage } from '../../../lib/language';
import { downloadEReporting, downloadFacturx, downloadInvoicePdf, downloadMonthCsv, useInvoices } from './invoices-api';
import './invoices-page.css';
import { formatLocale } from '@vtc/shared/i18n/format-locale';

function currentMonth(): string {
  const { year, month } = getParisParts(new Date());
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The first and last day of a month, YYYY-MM-DD. */
function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(year, monthNumber)).padStart(2, '0')}` };
}

/** Factures: the month's deposit receipts, invoices and credit notes, each as PDF, and the accountant's CSV. */
export function InvoicesPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const monthId = useId();
  const [month, setMonth] = useState(currentMonth);
  const invoices = useInvoices(month);
  const kinds: Record<InvoiceKind, string> = {
    receipt: t('pages.invoices.kinds.receipt'),
    invoice: t('pages.invoices.kinds.invoice'),
    credit_note: t('pages.invoices.kinds.credit_note'),
  };
  const statuses: Record<string, string> = {
    queued: t('pages.invoices.einvoiceStatus.queued'),
    deposited: t('pages.invoices.einvoiceStatus.deposited'),
    issued: t('pages.invoices.einvoiceStatus.issued'),
    received: t('pages.invoices.einvoiceStatus.received'),
    accepted: t('pages.invoices.einvoiceStatus.accepted'),
    refused: t('pages.invoices.einvoiceStatus.refused'),
    rejected: t('pages.invoices.einvoiceStatus.rejected'),
    paid: t('pages.invoices.einvoiceStatus.paid'),
    cancelled: t('pages.invoices.einvoiceStatus.cancelled'),
  };
  /** A business document's e-invoice: its platform status in words, the XML to download. */
  const einvoiceCell = (row: InvoiceListItem) => {
    if (!row.einvoice) return null;
    const { status, error } = row.einvoice;
    const words = status === null ? t('pages.invoices.einvoiceStatus.none') : (statuses[status] ?? t('pages.invoices.einvoiceStatus.other', { status }));
    return (
      <div className="invoices-einvoice">
        <span>{words}</span>
        {error ? <span className="invoices-einvoice-error">{t('pages.invoices.einvoiceStatus.error', { error })}</span> : null}
        <RowButton label={t('pages.invoices.facturx')} rowLabel={row.number} onClick={() => void downloadFacturx(row.id, row.number).catch(showError)} />
      </div>
    );
  };
  const { from, to } = monthDays(month);
  const dateFormat = new Intl.DateTimeFormat(formatLocale(language), { timeZone: 'Europe/Paris', dateStyle: 'short' });

  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.invoices.title')}</h1>
      <p className="admin-lead">{t('pages.invoices.text')}</p>

      <div className="card invoices-toolbar">
        <div className="field">
          <label htmlFor={monthId} className="field-label">
            {t('pages.invoices.month')}
          </label>
          <input
            id={monthId}
            type="month"
            className="field-input"
            value={month}
            required
            onChange={(event) => {
              if (MonthField.safeParse(event.target.value).success) setMonth(event.target.value);
            }}
          />
        </div>
        <button type="button" className="btn btn-primary" onClick={() => void downloadMonthCsv(month).catch(showError)}>
          {t('pages.invoices.exportCsv')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void downloadEReporting(from, to, 'csv').catch(showError)}>
          {t('pages.invoices.eReportingCsv')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void downloadEReporting(from, to, 'json').catch(showError)}>
          {t('pages.invoices.eReportingJson')}
        </button>
      </div>

      <DataTable
        caption={t('pages.invoices.title')}
        rows={invoices.data}
        isPending={invoices.isPending}
        error={invoices.error}
        getRowId={(row) => row.id}
        columns={[
          { key: 'number', header: t('pages.invoices.number'), cell: (row) => row.number, className: 'cell-nowrap' },
          { key: 'date', header: t('pages.invoices.date'), cell: (row) => dateFormat.format(new Date(row.issuedAt)), className: 'cell-nowrap' },
          { key: 'kind', header: t('pages.invoices.kind'), cell: (row) => kinds[row.kind] },
          { key: 'booking', header: t('pages.invoices.booking'), cell: (row) => `#${row.bookingId}` },
          { key: 'customer', header: t('pages.invoices.customer'), cell: (row) => row.customerName },
          { key: 'ht', header: t('pages.invoices.totalExclTax'), cell: (row) => formatEuros(row.totalExclTaxCents, language), className: 'cell-number' },
          { key: 'vat', header: t('pages.invoices.vat'), cell: (row) => formatEuros(row.vatCents, language), className: 'cell-number' },
          { key: 'ttc', header: t('pages.invoices.totalInclTax'), cell: (row) => formatEuros(row.totalInclTaxCents, language), className: 'cell-number' },
          {
            key: 'pdf',
            header: t('pages.invoices.pdf'),
            cell: (row) => (
              <RowButton label={t('pages.invoices.download')} rowLabel={row.number} onClick={() => void downloadInvoicePdf(row.id, row.number).catch(showError)} />
            ),
          },
          { key: 'einvoice', header: t('pages.invoices.einvoice'), cell: einvoiceCell },
        ]}
      />
    </div>
  );
}
