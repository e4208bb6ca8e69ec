import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-fetch';
import { resendVerification } from '../../lib/email-verification';

/** Mails a new verification link and says what happened, in the page's language. */
export function ResendVerificationButton() {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<{ busy: boolean; message?: string; failed?: boolean }>({ busy: false });
  const onClick = async () => {
    setState({ busy: true });
    try {
      const response = await resendVerification();
      setState({ busy: false, message: response.message });
    } catch (error) {
      setState({ busy: false, failed: true, message: error instanceof ApiError ? error.message : t('verify.resendFailed') });
    }
  };
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => void onClick()} disabled={state.busy}>
        {t('verify.resend')}
      </button>
      {state.message ? (
        <p className={state.failed ? 'field-error' : 'notice notice-success'} role="status">
          {state.message}
        </p>
      ) : null}
    </>
  );
}
