import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ProfileBody } from '@vtc/shared/auth/auth-schemas';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { PhoneField } from '../../../components/ui/phone-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { getSession, storeUser } from '../../../lib/auth-session';
import { showFormError } from '../../../lib/form-errors';
import { usePublicConfig } from '../../../lib/public-config';
import { PROFILE_QUERY_KEY, updateProfile, useProfile } from './profile-api';

/** The "update profile" box: name, e-mail, phone, texts about the bookings; the stored user follows the change. */
export function ProfileForm() {
  const { t, i18n } = useTranslation('auth');
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const profile = useProfile();
  // Until the profile loads, show what was stored at login.
  const known = profile.data ?? getSession().user;
  const form = useForm({
    resolver: zodResolver(ProfileBody),
    values: known ? { fullName: known.full_name, email: known.email, phone: known.phone, smsConsent: profile.data?.sms_consent ?? false } : undefined,
    defaultValues: { fullName: '', email: '', phone: '', smsConsent: false },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  // Texts are offered only where an SMS provider is configured (decision 0131).
  const texts = usePublicConfig().data?.texts;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => updateProfile(values));
      storeUser(response.data);
      queryClient.setQueryData(PROFILE_QUERY_KEY, response.data);
      form.reset({ fullName: response.data.full_name, email: response.data.email, phone: response.data.phone, smsConsent: response.data.sms_consent ?? false });
      toast.success(response.message);
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

  return (
    <section className="card" aria-labelledby="profile-form-title">
      <h2 id="profile-form-title" className="card-title">
        {t('profile.title')}
      </h2>
      {profile.isPending && !known ? <Spinner label={t('common:loading')} /> : null}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('profile.fullName')}
          autoComplete="name"
          required
          error={errors.fullName}
          {...form.register('fullName')}
        />
        <TextField
          label={t('profile.email')}
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
              label={t('profile.phone')}
              countryLabel={t('register.country')}
              language={i18n.language}
              required
              error={fieldState.error}
              {...field}
            />
          )}
        />
        {texts ? (
          <CheckboxField
            label={texts === 'whatsapp' ? t('profile.whatsappConsent') : t('profile.smsConsent')}
            hint={t('profile.smsConsentHint')}
            error={errors.smsConsent}
            {...form.register('smsConsent')}
          />
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t('profile.submit')}
        </button>
      </form>
    </section>
  );
}
