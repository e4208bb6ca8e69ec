import { useQuery } from '@tanstack/react-query';
import type { InvoiceList } from '@vtc/shared/documents/document-schemas';
import { apiDownload, apiFetch } from '../../../lib/api-fetch';

export const INVOICES_KEY = ['admin', 'invoices'] as const;

/** The receipts, invoices and credit notes issued in a month (YYYY-MM, Paris time). */
export function useInvoices(month: string) {
  return useQuery({
    queryKey: [...INVOICES_KEY, month],
    queryFn: ({ signal }) => apiFetch<InvoiceList>('/invoice/getAll', { query: { month }, signal }).then((body) => body.data),
  });
}

export const downloadInvoicePdf = (id: number, number: string) => apiDownload(`/invoice/pdf/${id}`, { fallbackName: `${number}.pdf` });

export const downloadMonthCsv = (month: string) => apiDownload('/invoice/export', { query: { month }, fallbackName: `factures-${month}.csv` });

/** A business document's Factur-X XML alone (decision 0139). */
export const downloadFacturx = (id: number, number: string) => apiDownload(`/invoice/facturx/${id}`, { fallbackName: `${number}-factur-x.xml` });

/** The e-reporting of a period of Paris days, both included (decision 0140). */
export const downloadEReporting = (from: string, to: string, format: 'csv' | 'json') =>
  apiDownload('/invoice/e-reporting', { query: { from, to, format }, fallbackName: `e-reporting-${from}-${to}.${format}` });
