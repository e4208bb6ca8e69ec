import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { Modal } from '../../../components/ui/modal';
import { showError } from '../../../lib/form-errors';
import { BookingChangesSection } from './booking-changes-section';
import { BookingDetails } from './booking-details';
import { BOOKINGS_KEY, decideBooking, type BookingAction } from './bookings-api';
import { RejectModal } from './reject-modal';

interface BookingDrawerProps {
  /** The booking shown, or null when the drawer is closed. */
  id: number | null;
  onClose: () => void;
}

/**
 * One booking's details and the company's decisions, in a drawer: the bookings list and the
 * planning open it. A decision makes every booking list, detail and planning stale (spec §4).
 */
export function BookingDrawer({ id, onClose }: BookingDrawerProps) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const [rejecting, setRejecting] = useState(false);

  // The drawer closes first: a modal dialog would cover the loader and the toast.
  const decide = async (bookingId: number, decision: BookingAction, reason?: string) => {
    setRejecting(false);
    onClose();
    try {
      const answer = await loader.run(() => decideBooking(bookingId, decision, reason));
      toast.success(answer.message);
    } catch (error) {
      showError(error);
    }
    void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
  };

  return (
    <>
      <Modal open={id !== null} title={t('pages.bookings.detailsTitle', { id })} onClose={onClose} className="drawer">
        {id !== null ? (
          <>
            <button type="button" className="btn btn-secondary drawer-close" onClick={onClose} data-autofocus>
              {t('actions.close')}
            </button>
            <BookingChangesSection id={id} />
            <BookingDetails id={id} onAction={(action) => void decide(id, action)} onReject={() => setRejecting(true)} />
          </>
        ) : null}
      </Modal>
      {id !== null ? (
        <RejectModal open={rejecting} bookingId={id} onCancel={() => setRejecting(false)} onReject={(reason) => void decide(id, 'reject', reason)} />
      ) : null}
    </>
  );
}
