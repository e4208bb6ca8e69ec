import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, RegisterBody } from '@vtc/shared/auth/auth-schemas';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { CARRIED } from '../../../lib/toast-rules';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { PhoneField } from '../../../components/ui/phone-field';
import { TextField } from '../../../components/ui/text-field';
import { isSignedIn, startSession, useSession } from '../../../lib/auth-session';
import { showFormError } from '../../../lib/form-errors';
import { safeRedirectPath } from '../../../lib/safe-redirect';
import { register } from './auth-api';
import { AuthCard } from './auth-card';
import { TermsCheckbox } from './terms-checkbox';

/** /auth/register: creates the account and signs the new user in. */
export function RegisterPage() {
  const { t, i18n } = useTranslation('auth');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loader = useGlobalLoader();
  const redirect = safeRedirectPath(params.get('redirect'));
  const [justSignedIn, setJustSignedIn] = useState(false);
  const form = useForm({
    resolver: zodResolver(RegisterBody),
    defaultValues: { fullName: '', email: '', phone: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (isSignedIn(session) && !justSignedIn) return <Navigate to={redirect ?? '/'} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => register(values));
      setJustSignedIn(true);
      startSession({ token: response.token }, response.user);
      toast.success(response.message, CARRIED);
      await navigate(redirect ?? '/', { replace: true });
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

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
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('register.fullName')}
          autoComplete="name"
          required
          error={errors.fullName}
          {...form.register('fullName')}
        />
        <TextField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          required
          error={errors.email}
          {...form.register('email')}
        />
        <Controller
          control={form.control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneField
              label={t('register.phone')}
              countryLabel={t('register.country')}
              language={i18n.language}
              required
              error={fieldState.error}
              {...field}
            />
          )}
        />
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          required
          hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          error={errors.password}
          {...form.register('password')}
        />
        <TextField
          label={t('register.confirmPassword')}
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword}
          {...form.register('confirmPassword')}
        />
        <TermsCheckbox
          label={t('register.acceptTerms')}
          termsLabel={t('register.readTerms')}
          privacyLabel={t('register.readPrivacy')}
          error={errors.acceptTerms}
          {...form.register('acceptTerms')}
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {t('register.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
