import { useTranslation } from 'react-i18next';
import { isSignedIn, useSession } from '../../lib/auth-session';
import { useAccount } from '../../lib/email-verification';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * Tells a customer whose address is not verified yet why their booking mails have not arrived,
 * and lets them ask for the link again. Shows nothing once the address is verified.
 */
export function VerifyEmailNotice({ context }: { context: 'booking' | 'account' }) {
  const { t } = useTranslation('auth');
  const signedIn = isSignedIn(useSession());
  const { data: account } = useAccount(signedIn);
  if (!account || account.email_verified !== false) return null;
  return (
    <section className="notice notice-warning">
      <p>
        <strong>{t('verify.pendingTitle')}</strong>
      </p>
      <p>{t(context === 'booking' ? 'verify.pendingBooking' : 'verify.pendingAccount', { email: account.email })}</p>
      <ResendVerificationButton />
    </section>
  );
}
