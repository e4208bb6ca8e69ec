import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useTranslation } from 'react-i18next';
import { getStoredLanguage } from '../../../lib/language';

/** The drawer's refund lines under its payments (decision 0121): amount, date and provider, pending until the provider confirms. */
export function RefundLines({ refunds }: { refunds: BookingDetails['refunds'] }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  if (refunds.length === 0) return null;
  return (
    <ul className="history-list" aria-label={t('refunds.lines.title')} data-testid="refund-lines">
      {refunds.map((refund) => (
        <li key={refund.payment_id}>
          <span className="history-date">{formatParisDateTime(refund.refunded_at ?? refund.requested_at, language)}</span>{' '}
          {t('refunds.lines.refund', { amount: formatEuros(refund.amount_cents, language), provider: t(`refunds.providers.${refund.method}`) })} —{' '}
          {t(`refunds.lines.status.${refund.status}`)}
        </li>
      ))}
    </ul>
  );
}
