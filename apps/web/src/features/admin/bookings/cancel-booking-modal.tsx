import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { BookingDetails } from '@vtc/shared/booking/booking-responses';
import { canTransition } from '@vtc/shared/booking/booking-transitions';
import { isFreeCancellation } from '@vtc/shared/booking/cancellation-policy';
import { COMPANY_CANCEL_REASON_MAX, CompanyCancelForm, toCompanyCancelBody } from '@vtc/shared/booking/company-cancel-schemas';
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
import { companyCancel } from './company-cancel-api';
import './cancel-booking-modal.css';

const resolver = zodResolver(CompanyCancelForm);
const CHOICES = ['policy', 'full', 'none', 'amount'] as const;

/**
 * "Annuler la réservation" in the drawer (decision 0121): while the booking can still be
 * cancelled, a button opens the form: the reason (mailed to the customer and the chauffeur) and
 * what is given back of what was paid. The drawer stays open and shows the refund line.
 */
export function CompanyCancelSection({ booking }: { booking: BookingDetails }) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  if (!canTransition(booking.status, 'cancelled')) return null;
  return (
    <div className="modal-actions details-actions">
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {t('refunds.cancel.open')}
      </button>
      {open ? <CancelBookingModal booking={booking} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function CancelBookingModal({ booking, onClose }: { booking: BookingDetails; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const queryClient = useQueryClient();
  const paidCents = booking.payments.filter((payment) => payment.status === 'succeeded').reduce((sum, payment) => sum + payment.amount_cents, 0);
  const free = isFreeCancellation(new Date(booking.pickup_at), new Date());
  const form = useForm<CompanyCancelForm>({ resolver, defaultValues: { reason: '', refund: 'policy', amount: '' } });
  const { errors, isSubmitting } = form.formState;
  const choice = form.watch('refund');
  const reasonLength = form.watch('reason').length;
  const money = (cents: number) => formatEuros(cents, language);

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await companyCancel(booking.id, toCompanyCancelBody(values));
      toast.success(answer.message);
      onClose();
      await queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    } catch (error) {
      // The server's "above what was paid" is on `refund`: the amount field shows it.
      showFormError(error, form.setError, ['reason'], { refund: 'amount' });
    }
  });

  return (
    <Modal open title={t('refunds.cancel.title', { id: booking.id })} onClose={onClose} className="cancel-booking-modal">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="cancel-booking-paid" data-testid="cancel-paid">
          {paidCents > 0 ? t('refunds.cancel.paid', { amount: money(paidCents) }) : t('refunds.cancel.nothingPaid')}
        </p>
        <TextareaField
          label={t('refunds.cancel.reason')}
          rows={3}
          required
          limit={COMPANY_CANCEL_REASON_MAX}
          length={reasonLength}
          counter={t('refunds.cancel.counter', { length: reasonLength, max: COMPANY_CANCEL_REASON_MAX })}
          announcement={(remaining) => t('refunds.cancel.remaining', { count: Math.max(0, remaining) })}
          hint={t('refunds.cancel.reasonHint')}
          error={errors.reason}
          data-autofocus
          {...form.register('reason')}
        />
        <fieldset className="cancel-booking-choices">
          <legend className="field-label">{t('refunds.cancel.refund')}</legend>
          {CHOICES.map((value) => (
            <label key={value} className="cancel-booking-choice">
              <input type="radio" value={value} {...form.register('refund')} />{' '}
              {t(`refunds.cancel.choices.${value}`, {
                amount: money(value === 'policy' ? (free ? paidCents : 0) : value === 'full' ? paidCents : 0),
              })}
              {value === 'policy' ? <span className="cancel-booking-hint"> — {t(free ? 'refunds.cancel.policyFree' : 'refunds.cancel.policyLate')}</span> : null}
            </label>
          ))}
        </fieldset>
        {choice === 'amount' ? (
          <TextField
            label={t('refunds.cancel.amount')}
            hint={t('refunds.cancel.amountHint', { amount: money(paidCents) })}
            inputMode="decimal"
            autoComplete="off"
            required
            error={errors.amount}
            {...form.register('amount')}
          />
        ) : null}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('refunds.cancel.keep')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={isSubmitting}>
            {t('refunds.cancel.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
