import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-fetch';
import { useBookingDetails } from './bookings-api';
import { ChangeBookingModal } from './change-booking-modal';
import { sendDepositLink } from './changes-api';
import { ChangeRequestsSection } from './change-requests-section';

const CHANGEABLE = new Set(['pending', 'accepted', 'paid']);

/**
 * The drawer's part about changes (decision 0120): "Modifier la réservation", its form, the
 * customer's requests and past changes; and "Renvoyer le lien de paiement" while the customer owes
 * a deposit or a difference online (decision 0177), whose link shows here to copy.
 */
export function BookingChangesSection({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const details = useBookingDetails(id);
  const [open, setOpen] = useState(false);
  const [payLink, setPayLink] = useState<string | null>(null);
  if (!details.data) return null;
  const booking = details.data;
  const resend = async () => {
    try {
      const answer = await sendDepositLink(booking.id);
      toast.success(answer.message);
      setPayLink(answer.data.checkout_url);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    }
  };
  return (
    <div className="change-booking-section">
      {CHANGEABLE.has(booking.status) ? (
        <div className="modal-actions details-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
            {t('bookingChanges.open')}
          </button>
          {booking.deposit_due_online ? (
            <button type="button" className="btn btn-secondary" onClick={() => void resend()}>
              {t('bookingChanges.payLink.resend')}
            </button>
          ) : null}
        </div>
      ) : null}
      {open ? <ChangeBookingModal key={booking.updated_at} booking={booking} open={open} onClose={() => setOpen(false)} onPayLink={setPayLink} /> : null}
      {payLink ? (
        <div className="change-pay-link">
          <TextField label={t('bookingChanges.payLink.label')} hint={t('bookingChanges.payLink.note')} readOnly value={payLink} dir="ltr" onFocus={(event) => event.currentTarget.select()} />
          <button type="button" className="btn btn-secondary" onClick={() => void navigator.clipboard?.writeText(payLink)}>
            {t('bookingChanges.payLink.copy')}
          </button>
        </div>
      ) : null}
      <ChangeRequestsSection bookingId={id} />
    </div>
  );
}
