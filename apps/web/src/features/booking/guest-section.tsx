import type { StepThreeResponse } from '@vtc/shared/booking/booking-responses';
import { LANGUAGES, type Language } from '@vtc/shared/i18n/languages';
import { useId } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../components/ui/phone-field';
import { SelectField } from '../../components/ui/select-field';
import { TextField } from '../../components/ui/text-field';
import type { ConfirmationInput, ConfirmationOutput } from './confirmation-form-values';

type Company = NonNullable<StepThreeResponse['company']>;

/**
 * Step three for a member of a company account (decision 0141), fetched only for members: the
 * booking is on the company's account (no deposit, decision 0142); the member may book for a
 * guest (name, phone, language, e-mail), give a reference and a cost centre, and hide the price
 * from the guest's mails.
 */
export function GuestSection({ company, form, language }: { company: Company; form: UseFormReturn<ConfirmationInput, unknown, ConfirmationOutput>; language: Language }) {
  const { t } = useTranslation('booking');
  const id = useId();
  const { register, control, setValue, formState } = form;
  const errors = formState.errors;
  const passenger = useWatch({ control, name: 'passenger' });
  const forGuest = passenger !== null && passenger !== undefined;
  const centres = company.costCentres ?? [];

  return (
    <section className="card form-section" aria-labelledby={`${id}-guest`}>
      <h2 id={`${id}-guest`} className="form-section-title">
        {t('guest.title')}
      </h2>
      <p className="form-section-lead" role="note">
        {t('guest.onAccount', { name: company.legalName })}
      </p>
      <label className="check-field">
        <input
          type="checkbox"
          checked={forGuest}
          onChange={(event) =>
            setValue('passenger', event.target.checked ? { fullName: '', phone: '', language, email: '' } : null, { shouldDirty: true })
          }
        />
        <span>{t('guest.toggle')}</span>
      </label>
      {forGuest ? (
        <div className="form-grid">
          <TextField label={t('guest.fullName')} autoComplete="off" required error={errors.passenger?.fullName} {...register('passenger.fullName')} />
          <Controller
            control={control}
            name="passenger.phone"
            render={({ field }) => (
              <PhoneField
                label={t('guest.phone')}
                countryLabel={t('customer.country')}
                language={language}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.passenger?.phone}
                required
                ref={field.ref}
              />
            )}
          />
          <SelectField
            label={t('guest.language')}
            options={LANGUAGES.map((value) => ({ value, label: t(`guest.languages.${value}`) }))}
            error={errors.passenger?.language}
            {...register('passenger.language')}
          />
          <TextField label={t('guest.email')} hint={t('guest.emailHint')} type="email" dir="ltr" autoComplete="off" error={errors.passenger?.email} {...register('passenger.email')} />
        </div>
      ) : null}
      <div className="form-grid">
        <TextField
          label={t('guest.reference')}
          hint={company.purchaseOrderRequired ? t('billing.purchaseOrderRequired') : t('guest.referenceHint')}
          required={company.purchaseOrderRequired}
          autoComplete="off"
          error={errors.reference}
          {...register('reference')}
        />
        {centres.length > 0 ? (
          <SelectField
            label={t('guest.costCenter')}
            placeholder={t('guest.noCostCenter')}
            options={centres.map((centre) => ({ value: centre, label: centre }))}
            error={errors.costCenter}
            {...register('costCenter')}
          />
        ) : null}
      </div>
      {forGuest ? (
        <label className="check-field">
          <input type="checkbox" {...register('showPrice')} />
          <span>{t('guest.showPrice')}</span>
        </label>
      ) : null}
    </section>
  );
}
