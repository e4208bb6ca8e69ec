import type { StepThreeResponse } from '@vtc/shared/booking/booking-responses';
import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/text-field';
import { EMPTY_BILLING, type ConfirmationInput, type ConfirmationOutput } from './confirmation-form-values';

/**
 * Step three's invoice details (decision 0134). A member of a company account books in its name:
 * its reference (purchase order) is asked with the guest (GuestSection, decision 0141). Anyone else may name the
 * company their invoices are made out to, prefilled from their profile; unticked, none.
 */
export function BillingSection({ booking, form }: { booking: StepThreeResponse; form: UseFormReturn<ConfirmationInput, unknown, ConfirmationOutput> }) {
  const { t } = useTranslation('booking');
  const id = useId();
  const { register, control, setValue, formState } = form;
  const errors = formState.errors.billing;
  const billing = useWatch({ control, name: 'billing' });
  const company = booking.company ?? null;
  const on = billing !== null && billing !== undefined;

  if (company) {
    return (
      <section className="card form-section" aria-labelledby={`${id}-billing`}>
        <h2 id={`${id}-billing`} className="form-section-title">
          {t('billing.title')}
        </h2>
        <p className="form-section-lead">{t('billing.member', { name: company.legalName })}</p>
      </section>
    );
  }

  return (
    <section className="card form-section" aria-labelledby={`${id}-billing`}>
      <h2 id={`${id}-billing`} className="form-section-title">
        {t('billing.title')}
      </h2>
      <label className="check-field">
        <input
          type="checkbox"
          checked={on}
          onChange={(event) => setValue('billing', event.target.checked ? { ...EMPTY_BILLING } : null, { shouldDirty: true })}
        />
        <span>{t('billing.toggle')}</span>
      </label>
      {on ? (
        <div className="form-grid">
          <TextField label={t('billing.companyName')} autoComplete="organization" required className="form-grid-wide" error={errors?.companyName} {...register('billing.companyName')} />
          <TextField label={t('billing.address')} autoComplete="street-address" required className="form-grid-wide" error={errors?.address} {...register('billing.address')} />
          <TextField label={t('billing.siren')} hint={t('billing.sirenHint')} inputMode="numeric" dir="ltr" autoComplete="off" error={errors?.siren} {...register('billing.siren')} />
          <TextField label={t('billing.vatNumber')} hint={t('billing.vatNumberHint')} dir="ltr" autoComplete="off" error={errors?.vatNumber} {...register('billing.vatNumber')} />
          <TextField label={t('billing.purchaseOrder')} hint={t('billing.purchaseOrderHint')} autoComplete="off" className="form-grid-wide" error={errors?.purchaseOrder} {...register('billing.purchaseOrder')} />
        </div>
      ) : (
        <p className="field-hint">{t('billing.privateHint')}</p>
      )}
    </section>
  );
}
