import type { CustomerBookingDetails } from '@vtc/shared/booking/booking-responses';
import type { DepositLinkResponse } from '@vtc/shared/booking/deposit-link';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { apiFetch, ApiError } from '../../../lib/api-fetch';

/**
 * "Régler l’acompte en ligne" (decision 0177): a customer who lost the acceptance mail, or whose
 * mail waited for their address to be confirmed, opens the deposit page from their booking. The
 * API issues a new link; the page is the same one the mail leads to.
 */
export function PayDeposit({ booking }: { booking: CustomerBookingDetails }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const loader = useGlobalLoader();
  // The server says what a new link would ask, by the rule the link itself follows.
  const due = booking.deposit_due_online;
  if (!due) return null;
  const open = async () => {
    try {
      const answer = await loader.run(() => apiFetch<DepositLinkResponse>(`/user/booking/deposit-link/${booking.id}`, { method: 'POST' }));
      const page = new URL(answer.data.checkout_url, window.location.origin);
      await navigate(`${page.pathname}${page.search}`);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };
  return (
    <p className="my-booking-pay">
      <button type="button" className="btn btn-primary" onClick={() => void open()}>
        {t(due.difference ? 'bookings.payDeposit.difference' : 'bookings.payDeposit.action')}
      </button>
      <span className="my-booking-muted">{t('bookings.payDeposit.hint')}</span>
    </p>
  );
}
