import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../../lib/api-fetch';
import { showError } from '../../../lib/form-errors';
import './booking-documents.css';

type IssuedDocument = BookingDetails['documents'][number];

/**
 * Downloads of what the booking has been issued (decisions 0087, 0088, 0162): its voucher, each
 * receipt, its invoice and each credit note, every one by its number (a booking refunded twice has
 * two credit notes), for the company.
 */
export function BookingDocuments({ id, documents }: { id: number; documents: readonly IssuedDocument[] }) {
  const { t } = useTranslation('admin');
  const labels: Record<IssuedDocument['kind'], string> = {
    voucher: t('pages.bookings.documents.voucher'),
    receipt: t('pages.bookings.documents.receipt'),
    invoice: t('pages.bookings.documents.invoice'),
    credit_note: t('pages.bookings.documents.creditNote'),
  };
  if (documents.length === 0) return null;
  const download = (document: IssuedDocument) =>
    void (
      document.kind === 'voucher'
        ? apiDownload(`/booking/voucher/${id}`, { fallbackName: `${document.number}.pdf` })
        : apiDownload(`/booking/invoice/${id}`, { query: { kind: document.kind, number: document.number }, fallbackName: `${document.number}.pdf` })
    ).catch(showError);
  return (
    <section className="details-section">
      <h3 className="details-title">{t('pages.bookings.documents.title')}</h3>
      <ul className="booking-documents">
        {documents.map((document) => (
          <li key={document.number}>
            <button type="button" className="btn btn-small btn-secondary" aria-describedby={`document-${document.number}`} onClick={() => download(document)}>
              {labels[document.kind]}
            </button>
            <span id={`document-${document.number}`} className="booking-document-number" dir="ltr">
              {document.number}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
