import { useTranslation } from 'react-i18next';
import { VerifyEmailNotice } from '../../../components/account/verify-email-notice';
import { PasswordForm } from './password-form';
import { PrivacyCard } from './privacy-card';
import { ProfileForm } from './profile-form';

/** /account: profile and password for any logged-in user. */
export function AccountPage() {
  const { t } = useTranslation('auth');
  return (
    <section className="page-section">
      <div className="container">
        <h1 className="page-title">{t('profile.accountTitle')}</h1>
        <p className="page-lead">{t('profile.accountIntro')}</p>
        <VerifyEmailNotice context="account" />
        <div className="card-grid">
          <ProfileForm />
          <PasswordForm />
          <PrivacyCard />
        </div>
      </div>
    </section>
  );
}
