import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody } from '@vtc/shared/auth/auth-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { CARRIED } from '../../../lib/toast-rules';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { isSignedIn, startSession, useSession } from '../../../lib/auth-session';
import { showFormError } from '../../../lib/form-errors';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { login } from './auth-api';
import { AuthCard } from './auth-card';

/** /auth/sign: login, then back to `?redirect=` (or the admin area for admins, else home). */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loader = useGlobalLoader();
  const redirect = safeRedirectPath(params.get('redirect'));
  // Once this form signs in, it navigates itself; the "already signed in" redirect must not win.
  const [justSignedIn, setJustSignedIn] = useState(false);
  const form = useForm({
    resolver: zodResolver(LoginBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (isSignedIn(session) && !justSignedIn) {
    return <Navigate to={redirect ?? '/'} replace />;
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => login(values));
      setJustSignedIn(true);
      startSession({ token: response.token }, response.user);
      toast.success(response.message, CARRIED);
      await navigate(redirect ?? (response.user.role === 'admin' ? '/dashboard' : '/'), { replace: true });
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

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
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          {...form.register('email')}
        />
        <TextField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
          {...form.register('password')}
        />
        <p className="form-aside">
          <Link to="/auth/forgot-password">{t('login.forgot')}</Link>
        </p>
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {t('login.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
