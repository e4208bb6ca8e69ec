import type { DashboardData } from '@vtc/shared/dashboard/dashboard-responses';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useTranslation } from 'react-i18next';
import { getStoredLanguage } from '../../../lib/language';

/** The dashboard's refunds (decision 0121): given back this month and last, and the latest refund lines. */
export function RefundsCard({ refunds }: { refunds: DashboardData['refunds'] }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const money = (cents: number) => formatEuros(cents, language);
  return (
    <section className="card dashboard-card" data-testid="dashboard-refunds">
      <h2 className="dashboard-card-title">{t('refunds.dashboard.title')}</h2>
      <dl className="dashboard-figures">
        <div>
          <dt>{t('refunds.dashboard.thisMonth')}</dt>
          <dd className="dashboard-figure">{money(refunds.thisMonthCents)}</dd>
        </div>
        <div>
          <dt>{t('refunds.dashboard.lastMonth')}</dt>
          <dd className="dashboard-figure">{money(refunds.lastMonthCents)}</dd>
        </div>
      </dl>
      {refunds.recent.length > 0 ? (
        <ul className="history-list" aria-label={t('refunds.dashboard.latest')}>
          {refunds.recent.map((refund) => (
            <li key={`${refund.bookingId}-${refund.at}`}>
              <span className="history-date">{formatParisDateTime(refund.at, language)}</span>{' '}
              {t('refunds.dashboard.line', { id: refund.bookingId, amount: money(refund.amountCents), provider: t(`refunds.providers.${refund.method}`) })} —{' '}
              {t(`refunds.lines.status.${refund.status}`)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="dashboard-muted">{t('refunds.dashboard.none')}</p>
      )}
    </section>
  );
}
