import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { CARRIED } from '../../lib/toast-rules';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-fetch';
import { isAdmin, useSession } from '../../lib/auth-session';
import { useBookingDecision } from './booking-api';
import { CheckIcon } from '../../components/trip/trip-icons';
import './booking-funnel.css';

interface BookingDecisionViewProps {
  id: string;
  accept: boolean;
  token: string;
}

/** Acts on load (spec §4.8): accept or reject, then shows the server's message. */
export function BookingDecisionView({ id, accept, token }: BookingDecisionViewProps) {
  const { t } = useTranslation('booking');
  const session = useSession();
  const { data, error, isPending } = useBookingDecision(id, accept, token);
  // An unknown booking goes home; a used or wrong link (token_invalid) is explained on the page.
  const gone = error instanceof ApiError && error.status === 404 && error.code !== 'token_invalid';

  useEffect(() => {
    if (gone) toast.error(error.message, { toastId: 'decision-not-found', ...CARRIED });
  }, [gone, error]);

  if (gone) return <Navigate to="/" replace />;

  return (
    <section className="booking-page">
      <div className="container">
        <div className="decision-card card" aria-live="polite">
          <h1 className="page-title">{t(accept ? 'decision.acceptTitle' : 'decision.rejectTitle', { id })}</h1>
          {isPending ? (
            <p className="decision-wait">
              <Spinner label={t('decision.wait')} />
              <span aria-hidden="true">{t('decision.wait')}</span>
            </p>
          ) : data ? (
            <p className={`notice ${accept ? 'notice-success' : 'notice-warning'} decision-result`} role="status">
              <CheckIcon />
              <span>{data.message}</span>
            </p>
          ) : (
            <p className="notice notice-error decision-result" role="alert">
              {error instanceof ApiError ? error.message : t('decision.failed')}
            </p>
          )}
          {!isPending ? (
            <div className="page-actions">
              {isAdmin(session) ? (
                <Link to="/bookings" className="btn btn-primary">
                  {t('decision.toBookings')}
                </Link>
              ) : null}
              <Link to="/" className="btn btn-outline">
                {t('actions.home')}
              </Link>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
