import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VerifyEmailNotice } from '../../../components/account/verify-email-notice';
import { BillingForm } from './billing-form';
import { PasswordForm } from './password-form';
import { PrivacyCard } from './privacy-card';
import { ProfileForm } from './profile-form';
import { useProfile } from './profile-api';
import './account-page.css';

const MEMBER_WORDS = { admin: 'mine.member.admin', booker: 'mine.member.booker' } as const;

/** /account: profile, company details for invoices and password for any logged-in user; the company account they book for. */
export function AccountPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('company');
  const company = useProfile().data?.company;
  return (
    <section className="page-section">
      <div className="container">
        <h1 className="page-title">{t('profile.accountTitle')}</h1>
        <p className="page-lead">{t('profile.accountIntro')}</p>
        <VerifyEmailNotice context="account" />
        {company ? (
          <section className="card account-company" aria-labelledby="account-company-title">
            <h2 id="account-company-title" className="card-title">
              {tc('mine.title')}
            </h2>
            <p>{tc(MEMBER_WORDS[company.role], { name: company.legalName })}</p>
            <Link className="btn btn-primary" to="/account/company">
              {tc('mine.open')}
            </Link>
          </section>
        ) : null}
        <div className="card-grid">
          <ProfileForm />
          {company ? null : <BillingForm />}
          <PasswordForm />
          <PrivacyCard />
        </div>
      </div>
    </section>
  );
}
