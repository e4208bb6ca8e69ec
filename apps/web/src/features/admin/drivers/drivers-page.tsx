import { zodResolver } from '@hookform/resolvers/zod';
import { DRIVER_LANGUAGES, DriverBody } from '@vtc/shared/drivers/driver-schemas';
import { useId } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CrudScreen } from '../../../components/admin/crud-screen';
import { fieldMessage } from '../../../components/ui/field-message';
import { TextField } from '../../../components/ui/text-field';
import { useCrud } from '../../../components/admin/use-crud';
import { driversResource, type Driver } from './drivers-api';
import './drivers-page.css';

type DriverForm = z.input<typeof DriverBody>;

const EMPTY: DriverForm = { fullName: '', phone: '', email: '', languages: [], active: true };
const resolver = zodResolver(DriverBody);

/** Chauffeurs: records, not accounts (decisions §9); one with trips to come can only be made inactive. */
export function DriversPage() {
  const { t, i18n } = useTranslation('admin');
  const crud = useCrud({
    resource: driversResource,
    resolver,
    emptyValues: EMPTY,
    toFormValues: (driver: Driver): DriverForm => ({
      fullName: driver.fullName,
      phone: driver.phone,
      email: driver.email,
      languages: driver.languages,
      active: driver.active,
    }),
  });
  const languagesId = useId();
  // The group's own error (a server answer may name one code: languages.1).
  const languagesError = fieldMessage(crud.form.formState.errors.languages as FieldError | undefined);
  const listFormat = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  const languageNames = (driver: Driver) => listFormat.format(driver.languages.map((code) => t(`pages.drivers.languageNames.${code}`)));

  return (
    <CrudScreen
      page="drivers"
      crud={crud}
      fields={
        <>
          <TextField label={t('pages.drivers.fullName')} autoComplete="off" required {...crud.field('fullName')} />
          <TextField label={t('pages.drivers.phone')} type="tel" inputMode="tel" autoComplete="off" dir="ltr" required {...crud.field('phone')} />
          <TextField label={t('pages.drivers.email')} type="email" autoComplete="off" dir="ltr" required {...crud.field('email')} />
          <fieldset className="driver-languages" aria-describedby={languagesError ? `${languagesId}-error` : undefined}>
            <legend className="field-label">{t('pages.drivers.languages')}</legend>
            <div className="driver-languages-options">
              {DRIVER_LANGUAGES.map((code) => (
                <label key={code} className="driver-check">
                  <input type="checkbox" value={code} {...crud.form.register('languages')} />
                  <span>{t(`pages.drivers.languageNames.${code}`)}</span>
                </label>
              ))}
            </div>
            {languagesError ? (
              <p id={`${languagesId}-error`} className="field-error" role="alert">
                {languagesError}
              </p>
            ) : null}
          </fieldset>
          <label className="driver-check driver-active">
            <input type="checkbox" role="switch" {...crud.form.register('active')} />
            <span>{t('pages.drivers.active')}</span>
          </label>
        </>
      }
      table={{
        rowLabel: (driver) => driver.fullName,
        columns: [
          {
            key: 'name',
            header: t('pages.drivers.fullName'),
            cell: (driver) => (
              <>
                {driver.fullName}
                {driver.active ? null : <span className="status-badge driver-inactive">{t('pages.drivers.inactive')}</span>}
              </>
            ),
          },
          {
            key: 'phone',
            header: t('pages.drivers.phone'),
            cell: (driver) => (
              <a href={`tel:${driver.phone}`} dir="ltr">
                {driver.phone}
              </a>
            ),
          },
          {
            key: 'email',
            header: t('pages.drivers.email'),
            cell: (driver) => (
              <a href={`mailto:${driver.email}`} dir="ltr">
                {driver.email}
              </a>
            ),
          },
          { key: 'languages', header: t('pages.drivers.languages'), cell: languageNames },
        ],
      }}
      deleteText={t('pages.drivers.deleteText')}
    />
  );
}
