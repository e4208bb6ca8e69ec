import type { HourlyRateItem } from '@vtc/shared/pricing/pricing-responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { HourlyRateBody, MAX_HIRE_HOURS } from '@vtc/shared/pricing/hire-rate-schemas';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCrudList } from '../../../lib/crud-resource';
import { carsResource, hourlyRatesResource, seasonsResource } from '../../../lib/catalogue-api';
import { CrudScreen } from '../../../components/admin/crud-screen';
import { toEurosInput } from '../../../components/admin/euros-input';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useCrud } from '../../../components/admin/use-crud';
import { getStoredLanguage } from '../../../lib/language';

type HourlyRateForm = z.input<typeof HourlyRateBody>;

const resolver = zodResolver(HourlyRateBody);

/** Tarifs horaires: the hire with chauffeur by the hour and by the day, per car and season (decision 0125). */
export function HourlyRatesPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const cars = useCrudList(carsResource);
  const seasons = useCrudList(seasonsResource);
  const crud = useCrud({
    resource: hourlyRatesResource,
    resolver,
    emptyValues: {
      carId: cars.data?.[0]?.id ?? '',
      seasonId: seasons.data?.[0]?.id ?? '',
      pricePerHour: '',
      minHours: 3,
      kmIncludedPerHour: 20,
      pricePerExtraKm: '',
      pricePerDay: '',
    } satisfies HourlyRateForm,
    toFormValues: (row: HourlyRateItem): HourlyRateForm => ({
      carId: row.carId,
      seasonId: row.seasonId,
      pricePerHour: toEurosInput(row.pricePerHour, language),
      minHours: row.minHours,
      kmIncludedPerHour: row.kmIncludedPerHour,
      pricePerExtraKm: toEurosInput(row.pricePerExtraKm, language),
      pricePerDay: toEurosInput(row.pricePerDay, language),
    }),
  });

  const carOptions: SelectOption[] = (cars.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const seasonOptions: SelectOption[] = (seasons.data ?? []).map((s) => ({ value: s.id, label: t(`seasonNames.${s.name}`) }));
  const seasonName = (row: HourlyRateItem) => t(`seasonNames.${row.season.name}`);
  const money = (cents: number | null) => (cents === null ? '—' : formatEuros(cents, language));

  return (
    <CrudScreen
      page="hourlyRates"
      crud={crud}
      fields={
        <>
          <SelectField label={t('pages.hourlyRates.car')} placeholder={t('form.choose')} options={carOptions} required {...crud.field('carId')} />
          <SelectField
            label={t('pages.hourlyRates.season')}
            placeholder={t('form.choose')}
            options={seasonOptions}
            required
            {...crud.field('seasonId')}
          />
          <TextField label={t('pages.hourlyRates.pricePerHour')} hint={t('pages.hourlyRates.eurosHint')} inputMode="decimal" required {...crud.field('pricePerHour')} />
          <TextField
            label={t('pages.hourlyRates.minHours')}
            hint={t('pages.hourlyRates.minHoursHint')}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_HIRE_HOURS}
            required
            {...crud.field('minHours')}
          />
          <TextField
            label={t('pages.hourlyRates.kmIncludedPerHour')}
            type="number"
            inputMode="numeric"
            min={0}
            required
            {...crud.field('kmIncludedPerHour')}
          />
          <TextField label={t('pages.hourlyRates.pricePerExtraKm')} hint={t('pages.hourlyRates.eurosHint')} inputMode="decimal" required {...crud.field('pricePerExtraKm')} />
          <TextField label={t('pages.hourlyRates.pricePerDay')} hint={t('pages.hourlyRates.pricePerDayHint')} inputMode="decimal" {...crud.field('pricePerDay')} />
        </>
      }
      table={{
        rowLabel: (row) => `${row.car.name}, ${seasonName(row)}`,
        columns: [
          { key: 'car', header: t('pages.hourlyRates.car'), cell: (row) => row.car.name },
          { key: 'season', header: t('pages.hourlyRates.season'), cell: seasonName },
          { key: 'pricePerHour', header: t('pages.hourlyRates.pricePerHour'), cell: (row) => money(row.pricePerHourCents), className: 'cell-number' },
          { key: 'minHours', header: t('pages.hourlyRates.minHours'), cell: (row) => t('pages.hourlyRates.hoursUnit', { value: row.minHours }), className: 'cell-number' },
          {
            key: 'kmIncludedPerHour',
            header: t('pages.hourlyRates.kmIncludedPerHour'),
            cell: (row) => t('pages.hourlyRates.kmUnit', { value: row.kmIncludedPerHour }),
            className: 'cell-number',
          },
          { key: 'pricePerExtraKm', header: t('pages.hourlyRates.pricePerExtraKm'), cell: (row) => money(row.pricePerExtraKmCents), className: 'cell-number' },
          { key: 'pricePerDay', header: t('pages.hourlyRates.pricePerDay'), cell: (row) => money(row.pricePerDayCents), className: 'cell-number' },
        ],
      }}
    />
  );
}
