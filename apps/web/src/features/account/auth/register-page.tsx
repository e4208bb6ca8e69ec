import type { LoginResponse } from '@vtc/shared/auth/auth-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { CARRIED } from '../../../lib/toast-rules';
import { isSignedIn, startSession, useSession } from '../../../lib/auth-session';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';

/** /auth/register: creates the account and signs the new user in; `?email=` fills the address (an invitation's link). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const [justSignedIn, setJustSignedIn] = useState(false);

  if (isSignedIn(session) && !justSignedIn) return <Navigate to={redirect ?? '/'} replace />;

  const onSignedIn = async (response: LoginResponse) => {
    setJustSignedIn(true);
    startSession({ token: response.token }, response.user);
    toast.success(response.message, CARRIED);
    await navigate(redirect ?? '/', { replace: true });
  };

  const loginLink = redirect ? `/auth/sign?redirect=${encodeURIComponent(redirect)}` : '/auth/sign';

  return (
    <AuthCard
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <p>
          {t('register.haveAccount')} <Link to={loginLink}>{t('register.login')}</Link>
        </p>
      }
    >
      <RegisterForm onSignedIn={onSignedIn} email={(params.get('email') ?? '').slice(0, 254)} />
    </AuthCard>
  );
}
