import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ResendVerificationButton } from '../../../components/account/resend-verification-button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-fetch';
import { isSignedIn, useSession } from '../../../lib/auth-session';
import { verifyEmail } from '../../../lib/email-verification';
import { AuthCard } from './auth-card';

type Outcome = { state: 'working' } | { state: 'done'; email: string } | { state: 'failed'; message: string };

/** /verify-email?token=…: the link of the verification mail; one click, verified on opening. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = isSignedIn(useSession());
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'working' } : { state: 'failed', message: t('verify.missingToken') });
  // A link works once: React's development double effect must not spend it twice.
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verifyEmail(token)
      .then((response) => {
        setOutcome({ state: 'done', email: response.email });
        void queryClient.invalidateQueries({ queryKey: ['profile'] });
      })
      .catch((error: unknown) => {
        setOutcome({ state: 'failed', message: error instanceof ApiError ? error.message : t('verify.resendFailed') });
      });
  }, [token, queryClient, t]);

  if (outcome.state === 'working') {
    return (
      <AuthCard title={t('verify.title')}>
        <Spinner label={t('verify.title')} />
      </AuthCard>
    );
  }
  if (outcome.state === 'done') {
    return (
      <AuthCard title={t('verify.doneTitle')}>
        <p className="notice notice-success" role="status">
          {t('verify.done', { email: outcome.email })}
        </p>
        <Link className="btn btn-primary" to="/">
          {t('verify.home')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('verify.failedTitle')}>
      <p className="notice notice-warning" role="alert">
        {outcome.message}
      </p>
      {signedIn ? (
        <ResendVerificationButton />
      ) : (
        <p>
          {t('verify.signInToResend')}{' '}
          <Link to={`/auth/sign?redirect=${encodeURIComponent('/account')}`}>{t('login.submit')}</Link>
        </p>
      )}
    </AuthCard>
  );
}
