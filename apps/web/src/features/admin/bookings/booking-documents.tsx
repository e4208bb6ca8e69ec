import type { BookingStatus } from '@vtc/shared/booking/booking-transitions';
import type { InvoiceKind } from '@vtc/shared/documents/document-schemas';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../../lib/api-fetch';
import { showError } from '../../../lib/form-errors';
import './booking-documents.css';

type Document = { key: 'voucher' | 'receipt' | 'invoice' | 'creditNote'; path: string; kind?: InvoiceKind; from: readonly BookingStatus[] };

/** The documents a booking may have by its status (decisions 0087, 0088); a missing one answers a clear 404. */
const DOCUMENTS: readonly Document[] = [
  { key: 'voucher', path: 'voucher', from: ['accepted', 'paid', 'completed', 'cancelled'] },
  { key: 'receipt', path: 'invoice', kind: 'receipt', from: ['paid', 'completed', 'cancelled'] },
  { key: 'invoice', path: 'invoice', kind: 'invoice', from: ['completed'] },
  { key: 'creditNote', path: 'invoice', kind: 'credit_note', from: ['cancelled'] },
];

/**
 * Downloads of the booking's voucher, deposit invoice, invoice and credit note, for the company;
 * a refund given later (decision 0157) has its credit note whatever the status.
 */
export function BookingDocuments({ id, status, refunded = false }: { id: number; status: BookingStatus; refunded?: boolean }) {
  const { t } = useTranslation('admin');
  const labels: Record<Document['key'], string> = {
    voucher: t('pages.bookings.documents.voucher'),
    receipt: t('pages.bookings.documents.receipt'),
    invoice: t('pages.bookings.documents.invoice'),
    creditNote: t('pages.bookings.documents.creditNote'),
  };
  const shown = DOCUMENTS.filter((document) => document.from.includes(status) || (refunded && document.key === 'creditNote'));
  if (shown.length === 0) return null;
  return (
    <section className="details-section">
      <h3 className="details-title">{t('pages.bookings.documents.title')}</h3>
      <ul className="booking-documents">
        {shown.map((document) => (
          <li key={document.key}>
            <button
              type="button"
              className="btn btn-small btn-secondary"
              onClick={() =>
                void apiDownload(`/booking/${document.path}/${id}`, {
                  query: { kind: document.kind },
                  fallbackName: `${document.key}-${id}.pdf`,
                }).catch(showError)
              }
            >
              {labels[document.key]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
