import { Navigate } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated';
import { getStoredBookingId } from './booking-session';
import { SummaryShell } from './summary-shell';
import { SummaryView } from './summary-view';

/** Step two: needs the booking id kept in session storage, else home (spec §2). */
export function SummaryPage() {
  const bookingId = getStoredBookingId();
  // The server's first paint is hydrated before the visitor without a booking is sent home.
  const hydrated = useHydrated();
  if (!bookingId) return hydrated ? <Navigate to="/" replace /> : <SummaryShell />;
  return <SummaryView bookingId={bookingId} />;
}
