import { formatPhone } from '@vtc/shared/phone/phone-number';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-fetch';
import { useUsers } from './users-api';

/** The user list (spec §3: exists, fields not shown): name, e-mail, phone, role. */
export function UsersPage() {
  const { t } = useTranslation('admin');
  const users = useUsers();
  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.users.title')}</h1>
      <p className="admin-lead">{t('pages.users.text')}</p>
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
            </tr>
          </thead>
          <tbody>
            {users.isPending ? (
              <tr>
                <td colSpan={5} className="table-state">
                  <Spinner label={t('table.loading')} />
                </td>
              </tr>
            ) : users.isError ? (
              <tr>
                <td colSpan={5} className="table-state" role="alert">
                  {errorMessage(users.error)}
                </td>
              </tr>
            ) : users.data.length === 0 ? (
              <tr>
                <td colSpan={5} className="table-state">
                  {t('table.noData')}
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
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
