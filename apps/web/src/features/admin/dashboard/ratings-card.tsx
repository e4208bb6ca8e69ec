import type { DashboardData } from '@vtc/shared/dashboard/dashboard-responses';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { monthName } from '../../../components/admin/month-names';
import { getStoredLanguage } from '../../../lib/language';
import { formatNumber } from '@vtc/shared/i18n/format-number';

/** The dashboard's ratings (decision 0146): average and count per chauffeur and per month of the trip, the last 12 months. */
export function RatingsCard({ ratings }: { ratings: DashboardData['ratings'] }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const average = (value: number) => formatNumber(value, language, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const monthLabel = (month: string) => `${monthName(Number(month.slice(5, 7)), language)} ${month.slice(0, 4)}`;
  return (
    <section className="card dashboard-card" data-testid="dashboard-ratings" aria-labelledby="dashboard-ratings-title">
      <h2 id="dashboard-ratings-title" className="dashboard-card-title">
        {t('pages.dashboard.ratings.title')}
      </h2>
      {ratings.byMonth.length === 0 ? (
        <p className="dashboard-muted">{t('pages.dashboard.ratings.none')}</p>
      ) : (
        <div className="dashboard-grid dashboard-grid-wide">
          <table className="dashboard-table">
            <caption>{t('pages.dashboard.ratings.byDriver')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pages.dashboard.ratings.driver')}</th>
                <th scope="col">{t('pages.dashboard.ratings.average')}</th>
                <th scope="col">{t('pages.dashboard.ratings.count')}</th>
              </tr>
            </thead>
            <tbody>
              {ratings.byDriver.map((row) => (
                <tr key={row.driverId ?? 'none'}>
                  <th scope="row" dir="auto">
                    {row.driverName ?? t('pages.dashboard.ratings.noDriver')}
                  </th>
                  <td>{t('pages.dashboard.ratings.outOfFive', { value: average(row.average) })}</td>
                  <td>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="dashboard-table">
            <caption>{t('pages.dashboard.ratings.byMonth')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('pages.dashboard.ratings.month')}</th>
                <th scope="col">{t('pages.dashboard.ratings.average')}</th>
                <th scope="col">{t('pages.dashboard.ratings.count')}</th>
              </tr>
            </thead>
            <tbody>
              {ratings.byMonth.map((row) => (
                <tr key={row.month}>
                  <th scope="row">{monthLabel(row.month)}</th>
                  <td>{t('pages.dashboard.ratings.outOfFive', { value: average(row.average) })}</td>
                  <td>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="dashboard-muted">
        <Link to="/reviews">{t('pages.dashboard.ratings.open')}</Link>
      </p>
    </section>
  );
}
