import { formatPhone } from '@vtc/shared/phone/phone-number';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { ListSearchField, useUrlFilters } from '../../../components/admin/list-search';
import { errorMessage } from '../../../lib/api-fetch';
import { useUsers } from './users-api';

const FILTERS = ['q'] as const;
const COLUMNS = 6;

/**
 * The user list (spec §3: exists, fields not shown): name, e-mail, phone, role and how many
 * bookings each account made, searched like the bookings (decision 0071; `?q=` in the URL).
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
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{t('pages.users.title')}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t('pages.users.name')}</th>
              <th scope="col">{t('pages.users.email')}</th>
              <th scope="col">{t('pages.users.phone')}</th>
              <th scope="col">{t('pages.users.role')}</th>
              <th scope="col" className="cell-number">
                {t('pages.users.bookings')}
              </th>
            </tr>
          </thead>
          <tbody>
            {users.isPending ? (
              <tr>
                <td colSpan={COLUMNS} className="table-state">
                  <Spinner label={t('table.loading')} />
                </td>
              </tr>
            ) : users.isError ? (
              <tr>
                <td colSpan={COLUMNS} className="table-state" role="alert">
                  {errorMessage(users.error)}
                </td>
              </tr>
            ) : users.data.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS} className="table-state">
                  {filters.q ? t('pages.users.noMatch') : t('table.noData')}
                </td>
              </tr>
            ) : (
              users.data.map((user, index) => (
                <tr key={user.id ?? user.email}>
                  <td>{index + 1}</td>
                  <td>{user.full_name}</td>
                  <td>{user.email}</td>
                  <td dir="ltr">{formatPhone(user.phone)}</td>
                  <td>{t(`pages.users.roles.${user.role}`)}</td>
                  <td className="cell-number">{user.booking_count}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
