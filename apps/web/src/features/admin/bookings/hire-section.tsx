import { formatNumber } from '@vtc/shared/i18n/format-number';
import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatParisDateTime, formatParisTime } from '@vtc/shared/time/format-paris';
import { hireBlocks } from '@vtc/shared/booking/hire-times';
import { useTranslation } from 'react-i18next';
import { HireCharges, useServiceWords } from '../../../components/booking/hire-charges';
import './hire-section.css';

/**
 * A hire or a tour in the booking drawer (decision 0137): the service, its end (each day by the
 * day), programme and drop-off; once the chauffeur ended it, the actual end, the km and the
 * invoice's lines with their reason. Nothing for a transfer.
 */
export function HireSection({ booking, language }: { booking: BookingDetails; language: Language }) {
  const { t } = useTranslation('admin');
  const service = useServiceWords();
  if (booking.serviceType === 'transfer') return null;
  const k = (key: string) => t(`pages.bookings.fields.${key}`);
  const blocks = booking.serviceType === 'daily' ? (hireBlocks({ ...booking, pickupAt: new Date(booking.pickup_at), hireMinutes: null, hireDays: booking.days }) ?? []) : [];
  const km = (value: number) => formatNumber(value, language, { maximumFractionDigits: 1 });
  // [label, value, typed by the customer (its own direction)]
  const rows: [string, string, boolean?][] = [[k('service'), service(booking)]];
  if (blocks.length > 1) {
    for (const block of blocks) rows.push([t('pages.bookings.hireDay', { n: block.day }), `${formatParisDateTime(block.from, language)} – ${formatParisTime(block.to, language)}`]);
  } else if (booking.endsAt) {
    rows.push([k('hireEnd'), formatParisDateTime(booking.endsAt, language)]);
  }
  if (booking.programme) rows.push([k('programme'), booking.programme, true]);
  rows.push([k('dropOff'), booking.hasDropOff ? booking.destination.title : t('pages.bookings.noDropOff')]);
  if (booking.endedAt) rows.push([k('endedAt'), formatParisDateTime(booking.endedAt, language)]);
  if (booking.endKm !== null) rows.push([k('endKm'), t('pages.bookings.kmValue', { km: km(booking.endKm) })]);
  return (
    <section className="details-section" data-testid="hire-section">
      <h3 className="details-title">{t('pages.bookings.sections.hire')}</h3>
      <dl className="details-list">
        {rows.map(([label, value, typed]) => (
          <div key={label} className="details-row">
            <dt>{label}</dt>
            <dd dir={typed ? 'auto' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {booking.invoice_lines ? (
        <>
          <h4 className="details-title hire-lines-title">{t('pages.bookings.invoiceLines')}</h4>
          <HireCharges lines={booking.invoice_lines} language={language} />
        </>
      ) : null}
    </section>
  );
}
