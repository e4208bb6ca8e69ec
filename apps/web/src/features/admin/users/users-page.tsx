import { isNoEmailAddress } from '@vtc/shared/auth/no-email-address';
import { formatPhone } from '@vtc/shared/phone/phone-number';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/ui/data-table';
import { ListSearchField, useUrlFilters } from '../../../components/admin/list-search';
import { useUsers } from './users-api';

const FILTERS = ['q'] as const;

/**
 * The user list (spec §3: exists, fields not shown): name, e-mail, phone, role and how many
 * bookings each account made, searched like the bookings (decision 0071; `?q=` in the URL); a card
 * per account on a phone, as every back-office list (decision 0075).
 */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const [filters, setFilter] = useUrlFilters(FILTERS);
  const users = useUsers(filters.q);
  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.users.title')}</h1>
      <p className="admin-lead">{t('pages.users.text')}</p>
      <div className="card crud-filter">
        <ListSearchField
          label={t('pages.users.search')}
          hint={t('pages.users.searchHint')}
          buttonLabel={t('actions.search')}
          value={filters.q}
          onSearch={(q) => setFilter('q', q)}
        />
      </div>
      <DataTable
        caption={t('pages.users.title')}
        rows={users.data}
        isPending={users.isPending}
        error={users.error}
        getRowId={(user) => user.id ?? user.email}
        emptyLabel={filters.q ? t('pages.users.noMatch') : undefined}
        columns={[
          { key: 'index', header: '#', cell: (_user, index) => index + 1 },
          { key: 'name', header: t('pages.users.name'), cell: (user) => user.full_name },
          { key: 'email', header: t('pages.users.email'), cell: (user) => (isNoEmailAddress(user.email) ? '—' : user.email) },
          { key: 'phone', header: t('pages.users.phone'), cell: (user) => <span dir="ltr">{formatPhone(user.phone)}</span>, className: 'cell-nowrap' },
          { key: 'role', header: t('pages.users.role'), cell: (user) => t(`pages.users.roles.${user.role}`) },
          { key: 'bookings', header: t('pages.users.bookings'), cell: (user) => user.booking_count, className: 'cell-number' },
        ]}
      />
    </div>
  );
}
