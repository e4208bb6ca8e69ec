import { SignInLinkRequestBody } from '@vtc/shared/auth/auth-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { startSession } from '../../../lib/auth-session';
import { showError } from '../../../lib/form-errors';
import { CARRIED } from '../../../lib/toast-rules';
import { requestSignInLink, signInWithLink } from './auth-api';
import { AuthCard } from './auth-card';
import { EmailLinkRequest } from './email-link-request';
import { sessionHome } from './session-home';

/**
 * /auth/sign-in-link: asks for a one-time sign-in link by e-mail; /auth/sign-in-link?token=… is
 * where that link lands. It signs in on a click rather than on opening, so that a mail scanner
 * following the link does not spend it (decision 0106).
 */
export function SignInLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <UseSignInLink token={token} /> : <RequestSignInLink />;
}

function RequestSignInLink() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const state: unknown = location.state;
  // The sign-in form hands over the address typed there.
  const typed = typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';
  return (
    <EmailLinkRequest
      schema={SignInLinkRequestBody}
      words={{ title: t('signInLink.title'), intro: t('signInLink.intro'), back: t('signInLink.back'), email: t('signInLink.email'), submit: t('signInLink.submit') }}
      defaultEmail={typed}
      request={requestSignInLink}
    />
  );
}

function UseSignInLink({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const loader = useGlobalLoader();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const signIn = async () => {
    setBusy(true);
    try {
      const response = await loader.run(() => signInWithLink({ token }));
      startSession({ token: response.token }, response.user);
      toast.success(response.message, CARRIED);
      await navigate(sessionHome(response), { replace: true });
    } catch (error) {
      showError(error);
      setFailed(true);
      setBusy(false);
    }
  };

  if (failed) {
    return (
      <AuthCard title={t('signInLink.landingTitle')}>
        <p className="notice notice-warning" role="alert">
          {t('signInLink.invalid')}
        </p>
        <Link className="btn btn-primary" to="/auth/sign-in-link" replace>
          {t('signInLink.requestNew')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('signInLink.landingTitle')} intro={t('signInLink.landingIntro')}>
      <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={() => void signIn()}>
        {t('signInLink.signIn')}
      </button>
    </AuthCard>
  );
}
