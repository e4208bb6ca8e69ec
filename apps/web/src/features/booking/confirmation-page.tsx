import { Navigate } from 'react-router';
import { getStoredBookingId } from './booking-session';
import { ConfirmationView } from './confirmation-view';
import type { AccountPanel } from './quote-account';

/**
 * Step three: needs the booking id kept in session storage, else home (spec §2). A visitor signs
 * in or registers on the page itself, through the account forms the app hands in (decision 0092).
 */
export function ConfirmationPage({ accountPanel }: { accountPanel?: AccountPanel }) {
  const bookingId = getStoredBookingId();
  if (!bookingId) return <Navigate to="/" replace />;
  return <ConfirmationView bookingId={bookingId} accountPanel={accountPanel} />;
}
