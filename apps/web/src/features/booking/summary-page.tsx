import { Navigate } from 'react-router';
import { getStoredBookingId } from './booking-session';
import { SummaryView } from './summary-view';

/** Step two: needs the booking id kept in session storage, else home (spec §2). */
export function SummaryPage() {
  const bookingId = getStoredBookingId();
  if (!bookingId) return <Navigate to="/" replace />;
  return <SummaryView bookingId={bookingId} />;
}
