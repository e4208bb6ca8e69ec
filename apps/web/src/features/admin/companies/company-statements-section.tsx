import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import type { CompanyStatementItem, CompanyStatementList, CompanyStatementsRun } from '@vtc/shared/company/company-responses';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDate } from '@vtc/shared/time/format-paris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { apiDownload, apiFetch } from '../../../lib/api-fetch';
import { showError } from '../../../lib/form-errors';
import { getStoredLanguage } from '../../../lib/language';

const STATEMENTS_KEY = ['admin', 'company-statements'] as const;


/** The month before this one, YYYY-MM on Paris clocks: what the month-end invoices. */
function lastMonth(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The companies' monthly invoices in "Clients pro" (decision 0142): every statement with whether
 * it is paid or overdue, its PDF, "Marquer payée"; and the month-end run on demand (the scheduled
 * job does it in the first hour of each month).
 */
export function CompanyStatementsSection() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const loader = useGlobalLoader();
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(lastMonth);
  const statements = useQuery({
    queryKey: STATEMENTS_KEY,
    queryFn: ({ signal }) => apiFetch<CompanyStatementList>('/invoice/company-statements', { signal }).then((body) => body.data),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: STATEMENTS_KEY });

  async function run() {
    try {
      const answer = await loader.run(() => apiFetch<CompanyStatementsRun>('/invoice/company-statements', { method: 'POST', body: { month } }));
      toast.success(answer.message);
      await refresh();
    } catch (error) {
      showError(error);
    }
  }

  async function markPaid(row: CompanyStatementItem) {
    try {
      const answer = await loader.run(() => apiFetch<MessageResponse>(`/invoice/company-statements/paid/${row.id}`, { method: 'PUT' }));
      toast.success(answer.message);
      await refresh();
    } catch (error) {
      showError(error);
    }
  }

  const statusOf = (row: CompanyStatementItem) =>
    row.paidAt
      ? row.paidMethod === 'stripe'
        ? t('pages.companies.statements.paidByCard', { date: formatParisDate(row.paidAt, language, 'medium') })
        : row.paidMethod === 'paypal'
          ? t('pages.companies.statements.paidByPaypal', { date: formatParisDate(row.paidAt, language, 'medium') })
          : t('pages.companies.statements.paid', { date: formatParisDate(row.paidAt, language, 'medium') })
      : row.overdue
        ? t('pages.companies.statements.overdue')
        : t('pages.companies.statements.open');
  const columns: Column<CompanyStatementItem>[] = [
    { key: 'number', header: t('pages.companies.statements.number'), cell: (row) => <bdi>{row.number}</bdi> },
    { key: 'company', header: t('pages.companies.statements.company'), cell: (row) => row.companyName },
    { key: 'month', header: t('pages.companies.statements.month'), cell: (row) => <bdi>{row.month}</bdi> },
    { key: 'amount', header: t('pages.companies.statements.amount'), cell: (row) => formatEuros(row.totalInclTaxCents, language), className: 'cell-number' },
    { key: 'due', header: t('pages.companies.statements.due'), cell: (row) => formatParisDate(row.dueAt, language, 'medium') },
    { key: 'status', header: t('pages.companies.statements.status'), cell: statusOf },
    {
      key: 'actions',
      header: t('pages.companies.statements.actions'),
      cell: (row) => (
        <span className="company-statement-actions">
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => void apiDownload(`/invoice/company-statements/pdf/${row.id}`, { fallbackName: `${row.number}.pdf` }).catch(showError)}
          >
            {t('pages.companies.statements.pdf')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => void apiDownload(`/invoice/facturx/statement/${row.id}`, { fallbackName: `${row.number}-factur-x.xml` }).catch(showError)}
          >
            {t('pages.companies.statements.xml')}
          </button>
          {row.paidAt ? null : (
            <button type="button" className="btn btn-outline btn-small" onClick={() => void markPaid(row)}>
              {t('pages.companies.statements.markPaid')}
            </button>
          )}
        </span>
      ),
    },
  ];

  return (
    <section className="card company-statements" aria-labelledby="company-statements-title">
      <h2 id="company-statements-title" className="section-title">
        {t('pages.companies.statements.title')}
      </h2>
      <p className="admin-lead">{t('pages.companies.statements.text')}</p>
      <div className="company-statements-run">
        <TextField label={t('pages.companies.statements.runMonth')} type="month" value={month} onChange={(event) => setMonth(event.target.value)} dir="ltr" />
        <button type="button" className="btn btn-primary" onClick={() => void run()}>
          {t('pages.companies.statements.run')}
        </button>
      </div>
      <DataTable
        caption={t('pages.companies.statements.title')}
        columns={columns}
        rows={statements.data ?? []}
        isPending={statements.isPending}
        error={statements.error}
        getRowId={(row) => row.id}
        emptyLabel={t('pages.companies.statements.empty')}
      />
    </section>
  );
}
