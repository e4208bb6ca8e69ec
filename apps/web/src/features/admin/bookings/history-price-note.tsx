import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { useTranslation } from 'react-i18next';
import { getStoredLanguage } from '../../../lib/language';

type HistoryEntry = BookingDetails['history'][number];

/**
 * What a history entry says beyond its status (decision 0119): a booking the company took by
 * phone, and a total set by hand beside the server's price it replaced (its reason follows).
 */
export function HistoryPriceNote({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const byPhone = entry.from_status === null && entry.to_status === 'accepted' && entry.actor_kind === 'admin';
  if (!byPhone && entry.manual_price_cents === null) return null;
  return (
    <>
      {byPhone ? <span className="history-note"> — {t('newBooking.history.byPhone')}</span> : null}
      {entry.manual_price_cents !== null ? (
        <span className="history-note">
          {' — '}
          {t('newBooking.history.manualPrice', {
            price: formatEuros(entry.manual_price_cents, language),
            listPrice: entry.list_price_cents === null ? '—' : formatEuros(entry.list_price_cents, language),
          })}
        </span>
      ) : null}
    </>
  );
}
