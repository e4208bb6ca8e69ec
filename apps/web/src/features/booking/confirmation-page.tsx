import { Navigate } from 'react-router';
import { getStoredBookingId } from './booking-session';
import { ConfirmationView } from './confirmation-view';

/** Step three: needs the booking id kept in session storage, else home (spec §2). */
export function ConfirmationPage() {
  const bookingId = getStoredBookingId();
  if (!bookingId) return <Navigate to="/" replace />;
  return <ConfirmationView bookingId={bookingId} />;
}
