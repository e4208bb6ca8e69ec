import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { REFUND_REFERENCE_MAX, type SettleRefundInput, type SettleRefundResponse } from '@vtc/shared/booking/company-cancel-schemas';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { TextField } from '../../../components/ui/text-field';
import { apiFetch, ApiError } from '../../../lib/api-fetch';
import { getStoredLanguage } from '../../../lib/language';
import { BOOKINGS_KEY } from './bookings-api';
import './refund-lines.css';

type Refund = BookingDetails['refunds'][number];

/** `PUT /booking/refund/settle/{id}`: a refund the provider could not make, made by the company itself (decision 0138). */
function useSettleRefund(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettleRefundInput) => apiFetch<SettleRefundResponse>(`/booking/refund/settle/${bookingId}`, { method: 'PUT', body }),
    // Said here, not by mutate's own callback: the settled line's form is gone once the details reload.
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}

/** What the company does about a refund the provider could not make: says it gave it back, and how. */
function SettleByHand({ bookingId, refund }: { bookingId: number; refund: Refund }) {
  const { t } = useTranslation('admin');
  const settle = useSettleRefund(bookingId);
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  if (!open) {
    return (
      <button type="button" className="btn btn-soft btn-small refund-lines-action" onClick={() => setOpen(true)}>
        {t('refunds.lines.settle')}
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    settle.mutate({ refund: refund.id, reference });
  };
  return (
    <form className="refund-settle" onSubmit={submit}>
      <p className="field-hint">{t('refunds.lines.settleHint')}</p>
      <TextField
        label={t('refunds.lines.reference')}
        value={reference}
        maxLength={REFUND_REFERENCE_MAX}
        onChange={(event) => setReference(event.target.value)}
        error={settle.isError ? { type: 'server', message: settle.error instanceof ApiError ? settle.error.message : t('refunds.lines.failed') } : undefined}
      />
      <button type="submit" className="btn btn-primary btn-small" disabled={settle.isPending}>
        {t('refunds.lines.confirmSettle')}
      </button>
    </form>
  );
}

/**
 * The drawer's refund lines under its payments (decisions 0121, 0138): amount, date and provider,
 * pending until the provider confirms; a refund the provider could not make is the company's to
 * make, and to record here once made.
 */
export function RefundLines({ bookingId, refunds }: { bookingId: number; refunds: BookingDetails['refunds'] }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  if (refunds.length === 0) return null;
  return (
    <ul className="history-list" aria-label={t('refunds.lines.title')} data-testid="refund-lines">
      {refunds.map((refund) => (
        <li key={refund.id}>
          <span className="history-date">{formatParisDateTime(refund.refunded_at ?? refund.requested_at, language)}</span>{' '}
          {t('refunds.lines.refund', { amount: formatEuros(refund.amount_cents, language), provider: t(`refunds.providers.${refund.method}`) })} —{' '}
          {refund.settled_by_hand ? t('refunds.lines.status.settledByHand') : t(`refunds.lines.status.${refund.status}`)}
          {refund.status === 'by_hand' ? <SettleByHand bookingId={bookingId} refund={refund} /> : null}
        </li>
      ))}
    </ul>
  );
}
