import type { LoginResponse } from '@vtc/shared/auth/auth-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { CARRIED } from '../../../lib/toast-rules';
import { isSignedIn, startSession, useSession } from '../../../lib/auth-session';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { sessionHome } from './session-home';

/** /auth/sign: login, then back to `?redirect=` (or the admin area for admins, else home). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  // Once this form signs in, it navigates itself; the "already signed in" redirect must not win.
  const [justSignedIn, setJustSignedIn] = useState(false);

  if (isSignedIn(session) && !justSignedIn) {
    return <Navigate to={redirect ?? '/'} replace />;
  }

  const onSignedIn = async (response: LoginResponse) => {
    setJustSignedIn(true);
    startSession({ token: response.token }, response.user);
    toast.success(response.message, CARRIED);
    await navigate(redirect ?? sessionHome(response), { replace: true });
  };

  const registerLink = redirect ? `/auth/register?redirect=${encodeURIComponent(redirect)}` : '/auth/register';

  return (
    <AuthCard
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <p>
          {t('login.noAccount')} <Link to={registerLink}>{t('login.register')}</Link>
        </p>
      }
    >
      <LoginForm onSignedIn={onSignedIn} />
    </AuthCard>
  );
}
