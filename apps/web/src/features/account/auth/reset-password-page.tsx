import { zodResolver } from '@hookform/resolvers/zod';
import { ResetPasswordBody } from '@vtc/shared/auth/auth-schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { CARRIED } from '../../../lib/toast-rules';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { startSession } from '../../../lib/auth-session';
import { showFormError } from '../../../lib/form-errors';
import { resetPassword } from './auth-api';
import { AuthCard } from './auth-card';
import { sessionHome } from './session-home';
import { NewPasswordFields } from '../../../components/account/new-password-fields';

/** /auth/reset-password?token=…: the link of the reset e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const loader = useGlobalLoader();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm({
    resolver: zodResolver(ResetPasswordBody),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (!token) {
    return (
      <AuthCard title={t('reset.title')}>
        <p className="notice notice-warning">{t('reset.missingToken')}</p>
        <Link className="btn btn-primary" to="/auth/forgot-password">
          {t('reset.requestNew')}
        </Link>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The new password opens a session at once (decision 0179).
      const response = await loader.run(() => resetPassword(values));
      startSession({ token: response.token }, response.user);
      toast.success(response.message, CARRIED);
      await navigate(sessionHome(response), { replace: true });
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

  return (
    <AuthCard title={t('reset.title')} intro={t('reset.intro')}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <NewPasswordFields
          labels={{ password: t('reset.password'), confirm: t('reset.confirmPassword') }}
          password={form.register('password')}
          confirm={form.register('confirmPassword')}
          errors={{ password: errors.password, confirm: errors.confirmPassword }}
        />
        {errors.token ? (
          <p className="field-error" role="alert">
            {t('reset.missingToken')}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
          {t('reset.submit')}
        </button>
      </form>
    </AuthCard>
  );
}
