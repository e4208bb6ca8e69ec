import { useTranslation } from 'react-i18next';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';

/** /account: profile and password for any logged-in user. */
export function AccountPage() {
  const { t } = useTranslation('auth');
  return (
    <section className="page-section">
      <div className="container">
        <h1 className="page-title">{t('profile.accountTitle')}</h1>
        <p className="page-lead">{t('profile.accountIntro')}</p>
        <div className="card-grid">
          <ProfileForm />
          <PasswordForm />
        </div>
      </div>
    </section>
  );
}
