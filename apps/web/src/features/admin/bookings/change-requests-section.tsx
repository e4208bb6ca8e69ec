import { useQueryClient } from '@tanstack/react-query';
import type { BookingChangeItem } from '@vtc/shared/booking/booking-change-responses';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ChangeLines } from '../../../components/booking/change-lines';
import { showError } from '../../../lib/form-errors';
import { BOOKINGS_KEY } from './bookings-api';
import { answerChangeRequest, useBookingChanges } from './changes-api';

/** The customer's request waiting for an answer: what it would change, and Accepter / Refuser (with a reason). */
function PendingRequest({ bookingId, request }: { bookingId: number; request: BookingChangeItem }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const answer = async (kind: 'accept' | 'refuse') => {
    try {
      const result = await answerChangeRequest(bookingId, kind, kind === 'refuse' ? { reason: reason.trim() || undefined } : {});
      toast.success(result.message);
    } catch (error) {
      showError(error);
    }
    void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
  };
  return (
    <div className="change-request" role="group" aria-labelledby={`${reasonId}-title`}>
      <p id={`${reasonId}-title`} className="change-request-title">
        <strong>{t('bookingChanges.requests.pending')}</strong>
      </p>
      <ChangeLines lines={request.lines} />
      {request.needs_other_car ? <p className="form-note">{t('bookingChanges.requests.otherCar')}</p> : null}
      {refusing ? (
        <div className="field">
          <label htmlFor={reasonId} className="field-label">
            {t('bookingChanges.requests.reason')}
          </label>
          <textarea id={reasonId} className="field-input" rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
      ) : null}
      <div className="modal-actions details-actions">
        {refusing ? (
          <button type="button" className="btn btn-danger" onClick={() => void answer('refuse')}>
            {t('bookingChanges.requests.confirmRefuse')}
          </button>
        ) : (
          <>
            <button type="button" className="btn btn-primary" onClick={() => void answer('accept')}>
              {t('bookingChanges.requests.accept')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => setRefusing(true)}>
              {t('bookingChanges.requests.refuse')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

/** The drawer's changes: the customer's request waiting for an answer, then what was changed, newest first (decision 0120). */
export function ChangeRequestsSection({ bookingId }: { bookingId: number }) {
  const { t, i18n } = useTranslation('admin');
  const changes = useBookingChanges(bookingId);
  const items = changes.data?.changes ?? [];
  if (items.length === 0) return null;
  const pending = items.find((item) => item.status === 'pending');
  const done = items.filter((item) => item.status !== 'pending');
  return (
    <section className="details-section" aria-labelledby={`changes-${bookingId}`}>
      <h3 className="details-title" id={`changes-${bookingId}`}>
        {t('bookingChanges.requests.title')}
      </h3>
      {pending ? <PendingRequest bookingId={bookingId} request={pending} /> : null}
      <ol className="history-list">
        {done.map((item) => (
          <li key={item.id}>
            <span className="history-date">{formatParisDateTime(item.answered_at ?? item.created_at, i18n.language as Language)}</span>{' '}
            <strong>{t(`bookingChanges.kinds.${item.status === 'applied' ? item.kind : item.status}`)}</strong>
            {item.reason || item.answer_reason ? <span className="history-reason"> — {item.reason ?? item.answer_reason}</span> : null}
            <ChangeLines lines={item.lines} />
          </li>
        ))}
      </ol>
    </section>
  );
}
