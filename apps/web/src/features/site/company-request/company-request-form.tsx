import { zodResolver } from '@hookform/resolvers/zod';
import { CompanyRequestBody, type CompanyRequestInput } from '@vtc/shared/company/company-schemas';
import { useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { fieldMessage } from '../../../components/ui/field-message';
import { useGlobalLoader } from '../../../components/ui/global-loader';
import { PhoneField } from '../../../components/ui/phone-field';
import { TextField } from '../../../components/ui/text-field';
import { showFormError } from '../../../lib/form-errors';
import { requestCompanyAccount } from './company-request-api';
import './company-request-form.css';

const FIELDS = ['legalName', 'siren', 'vatNumber', 'address', 'fullName', 'email', 'phone'] as const;
const EMPTY: CompanyRequestInput = { legalName: '', siren: '', vatNumber: '', address: '', fullName: '', email: '', phone: '' };

/**
 * A visitor's request for a business account (POST /api/company/request), placed by /prof and
 * /service-vtc-business: the company's identity, checked here as the API checks it (SIREN by its
 * key, VAT number by its format), and who to answer.
 */
export function CompanyRequestForm() {
  const { t, i18n } = useTranslation('company');
  const loader = useGlobalLoader();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<CompanyRequestInput, unknown, CompanyRequestBody>({ resolver: zodResolver(CompanyRequestBody), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;

  const onInvalid = (invalid: FieldErrors<CompanyRequestInput>) => {
    const first = FIELDS.map((field) => fieldMessage(invalid[field])).find(Boolean);
    if (first) toast.error(first, { toastId: 'company-request-invalid' });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const response = await loader.run(() => requestCompanyAccount(values));
      setSent(response.message);
      form.reset(EMPTY);
    } catch (error) {
      showFormError(error, form.setError, FIELDS);
    }
  }, onInvalid);

  if (sent) {
    return (
      <div className="company-request-sent" role="status">
        <p className="company-request-sent-title">{sent}</p>
        <p>{t('request.sentText')}</p>
        <button type="button" className="btn btn-outline" onClick={() => setSent(null)}>
          {t('request.another')}
        </button>
      </div>
    );
  }

  return (
    <form className="form company-request-form" onSubmit={onSubmit} noValidate aria-label={t('request.formLabel')}>
      <p className="form-note">{t('request.required')}</p>
      <fieldset className="company-request-group">
        <legend className="company-request-legend">{t('request.company')}</legend>
        <TextField label={t('fields.legalName')} autoComplete="organization" required error={errors.legalName} {...form.register('legalName')} />
        <div className="form-row">
          <TextField label={t('fields.siren')} hint={t('fields.sirenHint')} inputMode="numeric" dir="ltr" autoComplete="off" error={errors.siren} {...form.register('siren')} />
          <TextField label={t('fields.vatNumber')} hint={t('fields.vatNumberHint')} dir="ltr" autoComplete="off" error={errors.vatNumber} {...form.register('vatNumber')} />
        </div>
        <TextField label={t('fields.address')} autoComplete="street-address" required error={errors.address} {...form.register('address')} />
      </fieldset>
      <fieldset className="company-request-group">
        <legend className="company-request-legend">{t('request.contact')}</legend>
        <TextField label={t('fields.fullName')} autoComplete="name" required error={errors.fullName} {...form.register('fullName')} />
        <TextField label={t('fields.email')} type="email" autoComplete="email" dir="ltr" required error={errors.email} {...form.register('email')} />
        <Controller
          control={form.control}
          name="phone"
          render={({ field, fieldState }) => (
            <PhoneField
              label={t('fields.phone')}
              countryLabel={t('fields.phoneCountry')}
              language={i18n.language}
              required
              error={fieldState.error}
              {...field}
              value={field.value ?? ''}
            />
          )}
        />
      </fieldset>
      <button type="submit" className="btn btn-primary btn-large company-request-submit" disabled={isSubmitting}>
        {t('request.submit')}
      </button>
    </form>
  );
}
