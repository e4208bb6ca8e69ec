import type { CalendarTrip } from '@vtc/shared/planning/planning-schemas';
import type { DashboardData } from '@vtc/shared/dashboard/dashboard-responses';
import { useServiceWords } from '../../../components/booking/hire-charges';
import { useLegNote } from '../../../components/admin/leg-note';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisTime } from '@vtc/shared/time/format-paris';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { useDashboard } from './dashboard-api';
import './dashboard-page.css';
import { OverdueStatementsCard } from './overdue-statements-card';
import { RatingsCard } from './ratings-card';
import { RefundsCard } from './refunds-card';

const WeeklyChart = lazy(() => import('./weekly-chart').then((module) => ({ default: module.WeeklyChart })));

/** How long since `since`, in the largest unit that reads well. */
function useAge() {
  const { t } = useTranslation('admin');
  return (since: string, now: string) => {
    const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(since)) / 60_000));
    if (minutes < 60) return t('pages.dashboard.minutes', { n: minutes });
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return t('pages.dashboard.hours', { n: hours });
    return t('pages.dashboard.days', { count: Math.floor(hours / 24) });
  };
}

function TripList({ title, trips }: { title: string; trips: CalendarTrip[] }) {
  const { t } = useTranslation('admin');
  const legNote = useLegNote();
  const titleId = useId();
  return (
    <section className="card dashboard-card dashboard-trips" aria-labelledby={titleId}>
      <h2 id={titleId} className="dashboard-card-title">
        {title} <span className="dashboard-count">{trips.length}</span>
      </h2>
      {trips.length === 0 ? (
        <p className="dashboard-muted">{t('pages.dashboard.noTrips')}</p>
      ) : (
        <ul className="dashboard-trip-list">
          {trips.map((trip) => (
            <li key={`${trip.bookingId}-${trip.leg}`} className="dashboard-trip">
              <span className="dashboard-trip-time" dir="ltr">
                {formatParisTime(trip.start, getStoredLanguage())}
              </span>
              <span>
                <strong>{trip.reference}</strong> {trip.customerName} · {trip.route}
                {legNote(trip) ? ` · ${legNote(trip)}` : ''}
              </span>
              <span className={trip.driver ? 'dashboard-muted' : 'dashboard-warning'}>{trip.driver ? trip.driver.name : t('pages.planning.unassigned')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A month's bookings and revenue by service (issue 22): transfers, hires by the hour and by the day, tours. */
function ByService({ month }: { month: DashboardData['thisMonth'] }) {
  const { t } = useTranslation('admin');
  const service = useServiceWords();
  const language = getStoredLanguage();
  return (
    <dl className="dashboard-services" aria-label={t('pages.dashboard.byService')}>
      {month.byService.map((row) => (
        <div key={row.serviceType}>
          <dt>{service({ serviceType: row.serviceType, hours: null, days: null, tourName: null })}</dt>
          <dd>{t('pages.dashboard.serviceFigures', { count: row.bookings, amount: formatEuros(row.revenueCents, language) })}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Tableau de bord: the admin area's first page (decision 0085). */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const age = useAge();
  const dashboard = useDashboard();
  const data = dashboard.data;
  const weekLabel = (weekStart: string) =>
    new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${weekStart}T12:00:00Z`));

  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.dashboard.title')}</h1>
      <p className="admin-lead">{t('pages.dashboard.text')}</p>
      {dashboard.error ? (
        <p className="field-error" role="alert">
          {errorMessage(dashboard.error)}
        </p>
      ) : !data ? (
        <Spinner label={t('table.loading')} />
      ) : (
        <>
          <div className="dashboard-grid">
            <section className="card dashboard-card" data-testid="dashboard-pending">
              <h2 className="dashboard-card-title">{t('pages.dashboard.pending')}</h2>
              <p className="dashboard-figure">{data.pending.count}</p>
              <p className="dashboard-muted">
                {data.pending.oldestSince ? t('pages.dashboard.oldest', { age: age(data.pending.oldestSince, data.now) }) : t('pages.dashboard.noneWaiting')}
              </p>
              <Link to="/bookings">{t('pages.dashboard.seeBookings')}</Link>
            </section>
            <section className="card dashboard-card" data-testid="dashboard-unassigned">
              <h2 className="dashboard-card-title">{t('pages.dashboard.unassigned')}</h2>
              <p className={data.unassigned > 0 ? 'dashboard-figure dashboard-warning' : 'dashboard-figure'}>{data.unassigned}</p>
              <p className="dashboard-muted">{t('pages.dashboard.unassignedHint')}</p>
              <Link to="/planning">{t('pages.dashboard.seePlanning')}</Link>
            </section>
            {([['thisMonth', data.thisMonth], ['lastMonth', data.lastMonth]] as const).map(([key, month]) => (
              <section key={key} className="card dashboard-card" data-testid={`dashboard-${key}`}>
                <h2 className="dashboard-card-title">{key === 'thisMonth' ? t('pages.dashboard.thisMonth') : t('pages.dashboard.lastMonth')}</h2>
                <dl className="dashboard-figures">
                  <div>
                    <dt>{t('pages.dashboard.bookings')}</dt>
                    <dd className="dashboard-figure">{month.bookings}</dd>
                  </div>
                  <div>
                    <dt>{t('pages.dashboard.revenue')}</dt>
                    <dd className="dashboard-figure">{formatEuros(month.revenueCents, language)}</dd>
                  </div>
                </dl>
                <ByService month={month} />
              </section>
            ))}
            <section className="card dashboard-card" data-testid="dashboard-collection">
              <h2 className="dashboard-card-title">{t('settlement.toCollect')}</h2>
              <dl className="dashboard-figures">
                <div>
                  <dt>{t('settlement.toCollectTrips', { trips: data.collection.toCollectTrips })}</dt>
                  <dd className={data.collection.toCollectCents > 0 ? 'dashboard-figure dashboard-warning' : 'dashboard-figure'}>{formatEuros(data.collection.toCollectCents, language)}</dd>
                </div>
                <div>
                  <dt>{t('settlement.collectedThisMonth')}</dt>
                  <dd className="dashboard-figure">{formatEuros(data.collection.collectedThisMonthCents, language)}</dd>
                </div>
              </dl>
            </section>
          </div>
          <p className="dashboard-muted dashboard-note">{t('pages.dashboard.revenueHint')}</p>
          <RefundsCard refunds={data.refunds} />
          <OverdueStatementsCard statements={data.overdueStatements} />
          <RatingsCard ratings={data.ratings} />

          <div className="dashboard-grid dashboard-grid-wide">
            <TripList title={t('pages.dashboard.today')} trips={data.today} />
            <TripList title={t('pages.dashboard.tomorrow')} trips={data.tomorrow} />
          </div>

          <section className="card dashboard-card">
            <h2 className="dashboard-card-title">{t('pages.dashboard.perWeek')}</h2>
            <Suspense fallback={<Spinner label={t('table.loading')} />}>
              <WeeklyChart
                labels={data.weeks.map((week) => weekLabel(week.weekStart))}
                values={data.weeks.map((week) => week.bookings)}
                label={t('pages.dashboard.perWeek')}
                rtl={language === 'ar'}
              />
            </Suspense>
            <div className="visually-hidden">
              <table>
                <caption>{t('pages.dashboard.perWeek')}</caption>
                <tbody>
                  {data.weeks.map((week) => (
                    <tr key={week.weekStart}>
                      <th scope="row">{t('pages.dashboard.weekOf', { date: weekLabel(week.weekStart) })}</th>
                      <td>{week.bookings}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  );
}

// The Avis screen (decision 0146) reads the ratings the dashboard sums up: in this chunk, so the
// router's initial code names no new chunk (the home page's budget, decision 0143).
export { ReviewsPage } from './reviews-page';
