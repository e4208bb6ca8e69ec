import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldFrame } from '../../../components/ui/field-frame';
import { Modal } from '../../../components/ui/modal';

const MAX_REASON = 500;

interface RejectModalProps {
  open: boolean;
  bookingId: number;
  onCancel: () => void;
  onReject: (reason: string) => void;
}

/** Refuser asks for the reason first; it is e-mailed to the customer. */
export function RejectModal({ open, bookingId, onCancel, onReject }: RejectModalProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Modal open={open} title={t('pages.bookings.rejectTitle', { id: bookingId })} onClose={onCancel}>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          onReject(reason.trim());
          setReason('');
        }}
      >
        <FieldFrame id={id} label={t('pages.bookings.reason')} hint={t('pages.bookings.reasonHint', { max: MAX_REASON })}>
          <textarea
            id={id}
            className="field-input"
            rows={4}
            maxLength={MAX_REASON}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-describedby={describedBy(id, true, false)}
            data-autofocus
          />
        </FieldFrame>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </button>
          <button type="submit" className="btn btn-danger">
            {t('actions.reject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
