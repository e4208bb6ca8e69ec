import { zodResolver } from '@hookform/resolvers/zod';
import { ForgotPasswordBody } from '@vtc/shared/auth/auth-schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { showFormError } from '../../../lib/form-errors';
import { requestPasswordReset } from './auth-api';
import { AuthCard } from './auth-card';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const loader = useGlobalLoader();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(ForgotPasswordBody), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => requestPasswordReset(values));
      toast.success(response.message);
      setSentMessage(response.message);
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={
        <p>
          <Link to="/auth/sign">{t('forgot.back')}</Link>
        </p>
      }
    >
      {sentMessage ? (
        <p className="notice notice-success" role="status">
          {sentMessage}
        </p>
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            required
            error={errors.email}
            {...form.register('email')}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
            {t('forgot.submit')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
