import { zodResolver } from '@hookform/resolvers/zod';
import { UpdatePasswordBody } from '@vtc/shared/auth/auth-schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { showFormError } from '../../../lib/form-errors';
import { updatePassword } from './profile-api';
import { NewPasswordFields } from '../../../components/account/new-password-fields';

const EMPTY = { password: '', newPassword: '', confirmPassword: '' };

/** The "change password" box. */
export function PasswordForm() {
  const { t } = useTranslation('auth');
  const loader = useGlobalLoader();
  const form = useForm({ resolver: zodResolver(UpdatePasswordBody), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => updatePassword(values));
      form.reset(EMPTY);
      toast.success(response.message);
    } catch (error) {
      showFormError(error, form.setError);
    }
  });

  return (
    <section className="card" aria-labelledby="password-form-title">
      <h2 id="password-form-title" className="card-title">
        {t('password.title')}
      </h2>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('password.current')}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
          {...form.register('password')}
        />
        <NewPasswordFields
          labels={{ password: t('password.new'), confirm: t('password.confirm') }}
          password={form.register('newPassword')}
          confirm={form.register('confirmPassword')}
          errors={{ password: errors.newPassword, confirm: errors.confirmPassword }}
        />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t('password.submit')}
        </button>
      </form>
    </section>
  );
}
