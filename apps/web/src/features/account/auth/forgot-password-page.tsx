import { ForgotPasswordBody } from '@vtc/shared/auth/auth-schemas';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { requestPasswordReset } from './auth-api';
import { EmailLinkRequest } from './email-link-request';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <EmailLinkRequest
      schema={ForgotPasswordBody}
      words={{ title: t('forgot.title'), intro: t('forgot.intro'), back: t('forgot.back'), email: t('forgot.email'), submit: t('forgot.submit') }}
      request={requestPasswordReset}
      onSent={(message) => toast.success(message)}
    />
  );
}
