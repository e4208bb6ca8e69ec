import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { isSignedIn, useSession } from '../../lib/auth-session';

/**
 * /booking?id=&status=&token=: the accept/reject link sent to the company. Missing parameters
 * go home; a visitor logs in first and comes back to the same link (spec §4.8).
 */
export function BookingDecisionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  if (!params.get('id') || !params.get('status') || !params.get('token')) return <Navigate to="/" replace />;
  if (!isSignedIn(session)) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth/sign?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <PlaceholderPage title={t('pages.booking.title')} text={t('pages.booking.text')} />;
}
