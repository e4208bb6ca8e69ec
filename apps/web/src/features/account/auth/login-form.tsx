import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, type LoginResponse } from '@vtc/shared/auth/auth-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-fetch';
import { showFormError } from '../../../lib/form-errors';
import { login } from './auth-api';

/**
 * E-mail and password, sent to /auth/login. What follows a sign-in is the caller's: the sign-in
 * page goes on to `?redirect=`, step three of a booking stays where it is (decision 0092). A
 * locked account is pointed to the sign-in link by e-mail, which works during the lock (decision 0106).
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (response: LoginResponse) => Promise<void> | void }) {
  const { t } = useTranslation('auth');
  const loader = useGlobalLoader();
  const form = useForm({
    resolver: zodResolver(LoginBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const [locked, setLocked] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => login(values));
      await onSignedIn(response);
    } catch (error) {
      setLocked(error instanceof ApiError && error.code === 'account_locked');
      showFormError(error, form.setError);
    }
  });
  // Handed to the sign-in link page, which asks for the same address.
  const linkState = { email: form.watch('email') };

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField label={t('login.email')} type="email" autoComplete="email" required error={errors.email} {...form.register('email')} />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
        {...form.register('password')}
      />
      {locked ? (
        <p className="notice notice-warning" role="alert">
          {t('login.lockedHint')}{' '}
          <Link to="/auth/sign-in-link" state={linkState}>
            {t('login.signInLink')}
          </Link>
        </p>
      ) : null}
      <p className="form-aside">
        <Link to="/auth/forgot-password">{t('login.forgot')}</Link>{' · '}
        <Link to="/auth/sign-in-link" state={linkState}>
          {t('login.signInLink')}
        </Link>
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('login.submit')}
      </button>
    </form>
  );
}
