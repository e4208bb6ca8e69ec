import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterBody, type LoginResponse } from '@vtc/shared/auth/auth-schemas';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { PhoneField } from '../../../components/ui/phone-field';
import { TextField } from '../../../components/ui/text-field';
import { showFormError } from '../../../lib/form-errors';
import { register } from './auth-api';
import { TermsCheckbox } from './terms-checkbox';
import { NewPasswordFields } from '../../../components/account/new-password-fields';

/**
 * A new account (name, e-mail, phone, password, consent to the terms), sent to /auth/register,
 * which signs it in. What follows is the caller's, as for LoginForm. `email` fills the address in
 * (an invitation's link names the address invited, decision 0134).
 */
export function RegisterForm({ onSignedIn, email = '' }: { onSignedIn: (response: LoginResponse) => Promise<void> | void; email?: string }) {
  const { t, i18n } = useTranslation('auth');
  const loader = useGlobalLoader();
  const form = useForm({
    resolver: zodResolver(RegisterBody),
    defaultValues: { fullName: '', email, phone: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => register(values));
      await onSignedIn(response);
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField label={t('register.fullName')} autoComplete="name" required error={errors.fullName} {...form.register('fullName')} />
      <TextField label={t('register.email')} type="email" autoComplete="email" required error={errors.email} {...form.register('email')} />
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
      <NewPasswordFields
        labels={{ password: t('register.password'), confirm: t('register.confirmPassword') }}
        password={form.register('password')}
        confirm={form.register('confirmPassword')}
        errors={{ password: errors.password, confirm: errors.confirmPassword }}
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
  );
}
