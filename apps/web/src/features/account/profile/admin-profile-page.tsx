import { useTranslation } from 'react-i18next';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** Admin /profile: update-profile box and change-password box (spec §2). */
export function AdminProfilePage() {
  const { t } = useTranslation('admin');
  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.profile.title')}</h1>
      <div className="card-grid">
        <ProfileForm />
        <PasswordForm />
      </div>
    </div>
  );
}
