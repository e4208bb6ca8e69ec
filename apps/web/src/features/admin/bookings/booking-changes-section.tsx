import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/ui/text-field';
import { useBookingDetails } from './bookings-api';
import { ChangeBookingModal } from './change-booking-modal';
import { ChangeRequestsSection } from './change-requests-section';

const CHANGEABLE = new Set(['pending', 'accepted', 'paid']);

/** The drawer's part about changes (decision 0120): "Modifier la réservation", its form, the customer's requests and past changes. */
export function BookingChangesSection({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const details = useBookingDetails(id);
  const [open, setOpen] = useState(false);
  const [payLink, setPayLink] = useState<string | null>(null);
  if (!details.data) return null;
  const booking = details.data;
  return (
    <div className="change-booking-section">
      {CHANGEABLE.has(booking.status) ? (
        <div className="modal-actions details-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
            {t('bookingChanges.open')}
          </button>
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
