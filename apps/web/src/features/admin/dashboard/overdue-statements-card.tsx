import type { DashboardData } from '@vtc/shared/dashboard/dashboard-responses';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDate } from '@vtc/shared/time/format-paris';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getStoredLanguage } from '../../../lib/language';

/** Companies' monthly invoices past due and unpaid (decision 0142), leading to "Clients pro" where they are marked paid. */
export function OverdueStatementsCard({ statements }: { statements: DashboardData['overdueStatements'] }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  return (
    <section className="card dashboard-card" data-testid="dashboard-overdue-statements">
      <h2 className="dashboard-card-title">
        <Link to="/companies">{t('pages.companies.statements.dashboardTitle')}</Link> <span className="dashboard-count">{statements.length}</span>
      </h2>
      {statements.length > 0 ? (
        <ul className="history-list">
          {statements.map((row) => (
            <li key={row.id}>
              {t('pages.companies.statements.dashboardLine', {
                number: row.number,
                company: row.companyName,
                amount: formatEuros(row.totalInclTaxCents, language),
                date: formatParisDate(row.dueAt, language, 'medium'),
              })}
            </li>
          ))}
        </ul>
      ) : (
        <p className="dashboard-muted">{t('pages.companies.statements.dashboardNone')}</p>
      )}
    </section>
  );
}
