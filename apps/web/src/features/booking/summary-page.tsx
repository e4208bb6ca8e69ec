import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { getStoredBookingId } from './booking-session';

/** Step two: needs the booking id kept in session storage, else home (spec §2). */
export function SummaryPage() {
  const { t } = useTranslation();
  if (!getStoredBookingId()) return <Navigate to="/" replace />;
  return <PlaceholderPage title={t('pages.summary.title')} text={t('pages.summary.text')} />;
}
