import type { PricingItem } from '@vtc/shared/pricing/pricing-responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { PricingBody } from '@vtc/shared/pricing/pricing-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCrudList } from '../../../lib/crud-resource';
import { carsResource, pricingResource, seasonsResource } from '../../../lib/catalogue-api';
import { CrudScreen } from '../../../components/admin/crud-screen';
import type { Column } from '../../../components/ui/data-table';
import { toEurosInput } from '../../../components/admin/euros-input';
import { SelectField, type SelectOption } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useCrud } from '../../../components/admin/use-crud';
import { getStoredLanguage } from '../../../lib/language';

type PricingForm = z.input<typeof PricingBody>;
type PriceKey = 'minPrice' | 'minPriceNight' | 'pricePerKm' | 'priceNight';

type CentsKey = 'min_price_cents' | 'min_price_night_cents' | 'price_per_km_cents' | 'price_night_cents';

/** Form field and the API's amount in cents, in table order. */
const PRICES: readonly { key: PriceKey; cents: CentsKey }[] = [
  { key: 'minPrice', cents: 'min_price_cents' },
  { key: 'minPriceNight', cents: 'min_price_night_cents' },
  { key: 'pricePerKm', cents: 'price_per_km_cents' },
  { key: 'priceNight', cents: 'price_night_cents' },
];

const resolver = zodResolver(PricingBody);

/** Tarification: km bands of each car and season with their day and night prices. */
export function PricingPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const cars = useCrudList(carsResource);
  const seasons = useCrudList(seasonsResource);
  // The filter starts on the first car and season (spec §2).
  const [filter, setFilter] = useState<{ car?: number; season?: number }>({});
  const car = (cars.data ?? []).find((c) => c.id === filter.car)?.id ?? cars.data?.[0]?.id;
  const season = (seasons.data ?? []).find((s) => s.id === filter.season)?.id ?? seasons.data?.[0]?.id;

  const crud = useCrud({
    resource: pricingResource,
    listQuery: { car, season },
    listEnabled: cars.isSuccess && seasons.isSuccess,
    resolver,
    emptyValues: {
      carId: car ?? '',
      seasonId: season ?? '',
      kmStart: '',
      kmEnd: '',
      minPrice: '',
      minPriceNight: '',
      pricePerKm: '',
      priceNight: '',
    } satisfies PricingForm,
    toFormValues: (row: PricingItem): PricingForm => ({
      carId: row.carId,
      seasonId: row.seasonId,
      kmStart: row.km_start,
      kmEnd: row.km_end ?? '',
      minPrice: toEurosInput(row.min_price, language),
      minPriceNight: toEurosInput(row.min_price_night, language),
      pricePerKm: toEurosInput(row.price_perKm, language),
      priceNight: toEurosInput(row.price_night, language),
    }),
    // Show the table the saved band belongs to.
    onSaved: (row) => setFilter({ car: row.carId, season: row.seasonId }),
  });

  const carOptions: SelectOption[] = (cars.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  const seasonOptions: SelectOption[] = (seasons.data ?? []).map((s) => ({ value: s.id, label: t(`seasonNames.${s.name}`) }));
  const seasonName = (row: PricingItem) => t(`seasonNames.${row.season.name}`);
  const money = (cents: number | null) => (cents === null ? '—' : formatEuros(cents, language));
  const priceColumns: Column<PricingItem>[] = PRICES.map((price) => ({
    key: price.key,
    header: t(`pages.pricing.${price.key}`),
    cell: (row) => money(row[price.cents]),
    className: 'cell-number',
  }));

  return (
    <CrudScreen
      page="pricing"
      crud={crud}
      fields={
        <>
          <SelectField label={t('pages.pricing.car')} placeholder={t('form.choose')} options={carOptions} required {...crud.field('carId')} />
          <SelectField
            label={t('pages.pricing.season')}
            placeholder={t('form.choose')}
            options={seasonOptions}
            required
            {...crud.field('seasonId')}
          />
          <TextField label={t('pages.pricing.kmStart')} type="number" inputMode="numeric" min={0} required {...crud.field('kmStart')} />
          <TextField
            label={t('pages.pricing.kmEnd')}
            hint={t('pages.pricing.kmEndHint')}
            type="number"
            inputMode="numeric"
            min={1}
            {...crud.field('kmEnd')}
          />
          {PRICES.map((price) => (
            <TextField
              key={price.key}
              label={t(`pages.pricing.${price.key}`)}
              hint={t('pages.pricing.eurosHint')}
              inputMode="decimal"
              {...crud.field(price.key)}
            />
          ))}
        </>
      }
      filter={
        <section className="card crud-filter" aria-labelledby="pricing-filter-title">
          <h2 id="pricing-filter-title" className="card-title">
            {t('pages.pricing.filterTitle')}
          </h2>
          <div className="crud-fields">
            <SelectField
              label={t('pages.pricing.filterCar')}
              options={carOptions}
              value={car ?? ''}
              onChange={(event) => setFilter({ car: Number(event.target.value), season })}
            />
            <SelectField
              label={t('pages.pricing.filterSeason')}
              options={seasonOptions}
              value={season ?? ''}
              onChange={(event) => setFilter({ car, season: Number(event.target.value) })}
            />
          </div>
        </section>
      }
      table={{
        rowLabel: (row) => `${row.car.name}, ${seasonName(row)}, ${row.km_start}–${row.km_end ?? '∞'} km`,
        columns: [
          { key: 'car', header: t('pages.pricing.car'), cell: (row) => row.car.name },
          { key: 'season', header: t('pages.pricing.season'), cell: seasonName },
          { key: 'kmStart', header: t('pages.pricing.kmStartShort'), cell: (row) => row.km_start, className: 'cell-number' },
          { key: 'kmEnd', header: t('pages.pricing.kmEndShort'), cell: (row) => row.km_end ?? '∞', className: 'cell-number' },
          ...priceColumns,
        ],
      }}
    />
  );
}
