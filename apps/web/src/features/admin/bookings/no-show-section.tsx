import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ApiError } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { useConfirmNoShow } from './settlement-api';
import './settlement-sections.css';

/** The chauffeur marked the customer absent (decision 0117): the company confirms; the booking is cancelled, the deposit kept. */
export function NoShowSection({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const confirm = useConfirmNoShow(booking.id);
  const reportedAt = booking.settlement.no_show_reported_at;
  if (reportedAt === null || (booking.status !== 'accepted' && booking.status !== 'paid')) return null;
  return (
    <section className="settlement-section settlement-no-show" aria-labelledby={`no-show-${booking.id}`}>
      <h3 id={`no-show-${booking.id}`}>{t('settlement.noShowTitle')}</h3>
      <p>{t('settlement.noShowReported', { date: formatParisDateTime(reportedAt, language) })}</p>
      <p>{t('settlement.noShowPolicy')}</p>
      <button
        type="button"
        className="btn btn-danger"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(undefined, { onSuccess: (answer) => toast.success(answer.message) })}
      >
        {t('settlement.noShowConfirm')}
      </button>
      {confirm.isError ? (
        <p className="settlement-error" role="alert">
          {confirm.error instanceof ApiError ? confirm.error.message : t('settlement.failed')}
        </p>
      ) : null}
    </section>
  );
}
