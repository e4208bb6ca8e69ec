import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { COMPANY_CANCEL_REASON_MAX, CompanyRefundForm, toCompanyRefundBody } from '@vtc/shared/booking/company-cancel-schemas';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { showFormError } from '../../../lib/form-errors';
import { getStoredLanguage } from '../../../lib/language';
import { BOOKINGS_KEY } from './bookings-api';
import { companyRefund } from './company-cancel-api';

const resolver = zodResolver(CompanyRefundForm);

/** What the booking's payments still hold: paid, less every refund line already given or asked. */
export function refundableCents(booking: Pick<BookingDetails, 'payments' | 'refunds'>): number {
  const paid = booking.payments.filter((payment) => payment.status === 'succeeded').reduce((sum, payment) => sum + payment.amount_cents, 0);
  return Math.max(0, paid - booking.refunds.reduce((sum, refund) => sum + refund.amount_cents, 0));
}

/**
 * "Rembourser un montant" in the drawer (decisions 0152, 0157): while the payments still hold
 * something, the company gives part of it back (a goodwill gesture, a trip shortened), with a
 * reason mailed to the customer. The drawer stays open and shows the new refund line.
 */
export function CompanyRefundSection({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const holding = refundableCents(booking);
  if (holding <= 0) return null;
  return (
    <div className="modal-actions details-actions">
      <button type="button" className="btn btn-soft" onClick={() => setOpen(true)}>
        {t('refunds.later.open')}
      </button>
      {open ? <CompanyRefundModal booking={booking} holding={holding} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function CompanyRefundModal({ booking, holding, onClose }: { booking: BookingDetails; holding: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const queryClient = useQueryClient();
  const form = useForm<CompanyRefundForm>({ resolver, defaultValues: { amount: '', reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const reasonLength = form.watch('reason').length;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await companyRefund(booking.id, toCompanyRefundBody(values));
      toast.success(answer.message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    } catch (error) {
      // The server's "above what the payments hold" is on `amountCents`: the amount field shows it.
      showFormError(error, form.setError, ['reason'], { amountCents: 'amount' });
    }
  });

  return (
    <Modal open title={t('refunds.later.title', { id: booking.id })} onClose={onClose}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label={t('refunds.later.amount')}
          hint={t('refunds.later.amountHint', { amount: formatEuros(holding, language) })}
          inputMode="decimal"
          autoComplete="off"
          required
          error={errors.amount}
          data-autofocus
          {...form.register('amount')}
        />
        <TextareaField
          label={t('refunds.later.reason')}
          rows={3}
          required
          limit={COMPANY_CANCEL_REASON_MAX}
          length={reasonLength}
          counter={t('refunds.cancel.counter', { length: reasonLength, max: COMPANY_CANCEL_REASON_MAX })}
          announcement={(remaining) => t('refunds.cancel.remaining', { count: Math.max(0, remaining) })}
          hint={t('refunds.later.reasonHint')}
          error={errors.reason}
          {...form.register('reason')}
        />
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('refunds.later.keep')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
            {t('refunds.later.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
