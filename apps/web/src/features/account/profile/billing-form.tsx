import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { BillingBody } from '@vtc/shared/company/company-schemas';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { TextField } from '../../../components/ui/text-field';
import { showFormError } from '../../../lib/form-errors';
import { PROFILE_QUERY_KEY, updateProfile, useProfile } from './profile-api';

type BillingInput = z.input<typeof BillingBody>;
const EMPTY: BillingInput = { companyName: '', address: '', siren: '', vatNumber: '' };
type BillingField = keyof BillingInput;

/**
 * "Facturation entreprise": a card-paying business customer's company, printed on their invoices
 * (decision 0134). Saved with the profile (PUT /profile/update, `billing`); unticked, removed.
 */
export function BillingForm() {
  const { t } = useTranslation('company');
  const queryClient = useQueryClient();
  const loader = useGlobalLoader();
  const profile = useProfile();
  const saved = profile.data?.billing ?? null;
  const [wanted, setWanted] = useState<boolean | null>(null);
  const enabled = wanted ?? saved !== null;
  const form = useForm<BillingInput, unknown, BillingBody>({
    resolver: zodResolver(BillingBody),
    values: saved ? { companyName: saved.companyName, address: saved.address, siren: saved.siren ?? '', vatNumber: saved.vatNumber ?? '' } : undefined,
    defaultValues: EMPTY,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;

  const save = async (billing: BillingBody | null) => {
    const user = profile.data;
    if (!user) return;
    try {
      const response = await loader.run(() => updateProfile({ fullName: user.full_name, email: user.email, phone: user.phone, billing }));
      queryClient.setQueryData(PROFILE_QUERY_KEY, { ...user, ...response.data, company: user.company });
      setWanted(null);
      toast.success(response.message);
    } catch (error) {
      showFormError(error, (path, value) => form.setError(String(path).replace(/^billing\./, '') as BillingField, value));
    }
  };

  const onSubmit = enabled ? form.handleSubmit((values) => save(values)) : (event: FormEvent) => {
    event.preventDefault();
    void save(null);
  };

  return (
    <section className="card" aria-labelledby="billing-form-title">
      <h2 id="billing-form-title" className="card-title">
        {t('billing.title')}
      </h2>
      <p className="form-note">{t('billing.intro')}</p>
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="billing-form-title">
        <label className="check-field">
          <input type="checkbox" checked={enabled} onChange={(event) => setWanted(event.target.checked)} />
          <span>{t('billing.toggle')}</span>
        </label>
        {enabled ? (
          <>
            <TextField label={t('fields.companyName')} autoComplete="organization" required error={errors.companyName} {...form.register('companyName')} />
            <TextField label={t('fields.address')} autoComplete="street-address" required error={errors.address} {...form.register('address')} />
            <TextField label={t('fields.siren')} hint={t('fields.sirenHint')} inputMode="numeric" dir="ltr" autoComplete="off" error={errors.siren} {...form.register('siren')} />
            <TextField label={t('fields.vatNumber')} hint={t('fields.vatNumberHint')} dir="ltr" autoComplete="off" error={errors.vatNumber} {...form.register('vatNumber')} />
          </>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || !profile.data}>
          {t('billing.submit')}
        </button>
      </form>
    </section>
  );
}
