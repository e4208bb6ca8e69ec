import { PASSWORD_MIN_LENGTH } from '@vtc/shared/auth/auth-schemas';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../ui/text-field';

interface NewPasswordFieldsProps {
  /** The two labels, which each form words its own way ("Mot de passe", "Nouveau mot de passe"…). */
  labels: { password: string; confirm: string };
  /** `form.register(...)` of each field. */
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: FieldError | undefined; confirm?: FieldError | undefined };
}

/**
 * A new password and its confirmation, as registration, the reset link and the profile ask them:
 * the browser may offer a generated password (autocomplete new-password) and the minimum length
 * is said under the first field.
 */
export function NewPasswordFields({ labels, password, confirm, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        hint={t('register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
        {...password}
      />
      <TextField label={labels.confirm} type="password" autoComplete="new-password" required error={errors.confirm} {...confirm} />
    </>
  );
}
