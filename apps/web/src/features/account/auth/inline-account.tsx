import type { LoginResponse } from '@vtc/shared/auth/auth-schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/tabs';
import { startSession } from '../../../lib/auth-session';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import './inline-account.css';

export interface InlineAccountProps {
  /**
   * Called once the session has started, with the API's message; the page shows it (one toast)
   * after its own follow-up, e.g. claiming a visitor's quote.
   */
  onSignedIn: (message: string) => Promise<void> | void;
}

/**
 * Sign in or create an account without leaving the page (decision 0092): the booking's step
 * three places it, so what the visitor typed stays where it is. The same forms as the sign-in
 * and register pages; no navigation and no toast of its own.
 */
export function InlineAccount({ onSignedIn }: InlineAccountProps) {
  const { t } = useTranslation('auth');
  const titleId = useId();
  const [mode, setMode] = useState<'register' | 'login'>('register');
  const signedIn = async (response: LoginResponse) => {
    startSession({ token: response.token }, response.user);
    await onSignedIn(response.message);
  };

  return (
    <section className="card inline-account" aria-labelledby={titleId}>
      <h2 id={titleId} className="inline-account-title">
        {t('inline.title')}
      </h2>
      <p className="inline-account-lead">{t('inline.lead')}</p>
      <Tabs
        label={t('inline.title')}
        tabs={[
          { id: 'register', label: t('inline.register') },
          { id: 'login', label: t('inline.login') },
        ]}
        selected={mode}
        onSelect={setMode}
      >
        {mode === 'register' ? <RegisterForm onSignedIn={signedIn} /> : <LoginForm onSignedIn={signedIn} />}
      </Tabs>
    </section>
  );
}
