import type { ContactMessagePage } from '@vtc/shared/contact/contact-responses';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { getStoredLanguage } from '../../../lib/language';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { useCursorList } from '../../../lib/use-cursor-list';

/** Messages: what visitors sent through the contact form, newest first (read only). */
export function MessagesPage() {
  const { t } = useTranslation('admin');
  const messages = useCursorList<ContactMessagePage>(['admin', 'contacts'], '/contacts/getAll');
  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.messages.title')}</h1>
      <p className="admin-lead">{t('pages.messages.text')}</p>
      <DataTable
        caption={t('pages.messages.title')}
        rows={messages.rows}
        isPending={messages.isPending}
        error={messages.error}
        getRowId={(row) => row.id}
        columns={[
          {
            key: 'date',
            header: t('pages.messages.date'),
            cell: (row) => formatParisDateTime(row.createdAt, getStoredLanguage()),
            className: 'cell-nowrap',
          },
          { key: 'name', header: t('pages.messages.name'), cell: (row) => `${row.firstName} ${row.lastName}` },
          { key: 'email', header: t('pages.messages.email'), cell: (row) => <a href={`mailto:${row.email}`}>{row.email}</a> },
          {
            key: 'phone',
            header: t('pages.messages.phone'),
            cell: (row) => (
              <a href={`tel:${row.phone.replace(/[^\d+]/g, '')}`} dir="ltr">
                {formatPhone(row.phone)}
              </a>
            ),
            className: 'cell-nowrap',
          },
          { key: 'message', header: t('pages.messages.message'), cell: (row) => <p className="cell-message">{row.message}</p> },
          { key: 'language', header: t('pages.messages.language'), cell: (row) => row.language.toUpperCase() },
        ]}
      />
      <LoadMoreButton
        label={t('actions.loadMore')}
        loadingLabel={t('table.loading')}
        hasMore={messages.hasNextPage}
        loading={messages.isFetchingNextPage}
        onLoad={() => void messages.fetchNextPage()}
      />
    </div>
  );
}
