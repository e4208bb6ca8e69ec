import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, type LoginResponse } from '@vtc/shared/auth/auth-schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { showFormError } from '../../../lib/form-errors';
import { login } from './auth-api';

/**
 * E-mail and password, sent to /auth/login. What follows a sign-in is the caller's: the sign-in
 * page goes on to `?redirect=`, step three of a booking stays where it is (decision 0092).
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (response: LoginResponse) => Promise<void> | void }) {
  const { t } = useTranslation('auth');
  const loader = useGlobalLoader();
  const form = useForm({
    resolver: zodResolver(LoginBody),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => login(values));
      await onSignedIn(response);
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

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
      <p className="form-aside">
        <Link to="/auth/forgot-password">{t('login.forgot')}</Link>
      </p>
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {t('login.submit')}
      </button>
    </form>
  );
}
