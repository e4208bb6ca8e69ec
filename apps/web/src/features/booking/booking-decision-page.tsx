import { Navigate, useLocation, useSearchParams } from 'react-router';
import { isSignedIn, useSession } from '../../lib/auth-session';
import { BookingDecisionView } from './booking-decision-view';

/**
 * /booking?id=&status=&token=: the accept/reject link sent to the company. Missing parameters
 * go home; a visitor logs in first and comes back to the same link (spec §4.8).
 */
export function BookingDecisionPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const id = params.get('id');
  const status = params.get('status');
  const token = params.get('token');
  if (!id || !status || !token) return <Navigate to="/" replace />;
  if (!isSignedIn(session)) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth/sign?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <BookingDecisionView id={id} accept={status === 'true'} token={token} />;
}
