import type { CarItem } from '@vtc/shared/cars/car-responses';
import type { PricingListItem } from '@vtc/shared/pricing/pricing-responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { DestinationBody, OriginBody } from '@vtc/shared/places/place-schemas';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { PricingListBody } from '@vtc/shared/pricing/pricing-list-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCrudList } from '../../../lib/crud-resource';
import {
  carsResource,
  destinationsResource,
  originsResource,
  pricingListResource,
  useDestinations,
} from '../../../lib/catalogue-api';
import { CrudDeleteModal, CrudFormCard, CrudTable } from '../../../components/admin/crud-screen';
import { createdAtColumn, type Column } from '../../../components/ui/data-table';
import { toEurosInput } from '../../../components/admin/euros-input';
import { fieldMessage } from '../../../components/ui/field-message';
import { SelectField } from '../../../components/ui/select-field';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from '../../../components/ui/text-field';
import { useCrud } from '../../../components/admin/use-crud';
import { getStoredLanguage } from '../../../lib/language';

type EntryForm = z.input<typeof PricingListBody>;

const entryResolver = zodResolver(PricingListBody);
const originResolver = zodResolver(OriginBody);
const destinationResolver = zodResolver(DestinationBody);
const EMPTY_ORIGIN: z.input<typeof OriginBody> = { name: '', title: '' };

const routeName = (entry: PricingListItem) => `${entry.origin.name} → ${entry.destination.name}`;

/** One text input per car, empty when the car has no price on the route. */
const carsList = (cars: readonly CarItem[], language: string, entry?: PricingListItem): EntryForm['carsList'] =>
  cars.map((car) => ({ carId: car.id, price: toEurosInput(entry?.pricingCars.find((p) => p.car.id === car.id)?.price, language) }));

/**
 * Liste de prix: fixed prices from an origin to each of its destinations, per car. Choosing an
 * origin loads its destinations and selects the first; the tabs switch destination (spec §2).
 */
export function PricingListPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const cars = useCrudList(carsResource);
  const carRows = cars.data ?? [];
  const [originChoice, setOriginChoice] = useState<number>();
  const [destinationChoice, setDestinationChoice] = useState<number>();

  const originCrud = useCrud({
    resource: originsResource,
    resolver: originResolver,
    emptyValues: EMPTY_ORIGIN,
    toFormValues: (origin) => ({ name: origin.name, title: origin.title ?? '' }),
    onSaved: (origin) => chooseOrigin(origin.id),
  });
  const origins = originCrud.list.data ?? [];
  const origin = origins.find((o) => o.id === originChoice)?.id ?? origins[0]?.id;
  const destinations = useDestinations(origin);
  const destinationRows = destinations.data ?? [];
  const destination = destinationRows.find((d) => d.id === destinationChoice)?.id ?? destinationRows[0]?.id;

  const destinationCrud = useCrud({
    resource: destinationsResource,
    listEnabled: false,
    resolver: destinationResolver,
    emptyValues: { name: '', originId: origin ?? '' },
    toFormValues: (row) => ({ name: row.name, originId: row.originId }),
    onSaved: (row) => setDestinationChoice(row.id),
  });

  const crud = useCrud({
    resource: pricingListResource,
    listQuery: { location: origin, place: destination },
    listEnabled: origin !== undefined && destination !== undefined,
    resolver: entryResolver,
    emptyValues: { place: destination ?? '', placeFrom: origin ?? '', placeTo: '', carsList: carsList(carRows, language) } satisfies EntryForm,
    toFormValues: (entry: PricingListItem): EntryForm => ({
      place: entry.destination.id,
      placeFrom: entry.origin.id,
      placeTo: entry.place_to ?? '',
      carsList: carsList(carRows, language, entry),
    }),
  });

  // Another origin or destination: the form starts again for it.
  function chooseOrigin(id: number) {
    crud.reset();
    setOriginChoice(id);
    setDestinationChoice(undefined);
  }
  function chooseDestination(id: number) {
    crud.reset();
    setDestinationChoice(id);
  }

  const carColumns: Column<PricingListItem>[] = carRows.map((car) => ({
    key: `car-${car.id}`,
    header: car.name,
    className: 'cell-number',
    cell: (entry) => {
      const price = entry.pricingCars.find((p) => p.car.id === car.id);
      return price ? formatEuros(price.price_cents, language) : '—';
    },
  }));
  // 'price_required' (no price at all) sits on the list (its `root`, as the inputs are registered), server errors on the list.
  const listErrors = crud.form.formState.errors.carsList;
  const listError = listErrors?.root ?? listErrors;
  const pricesError = fieldMessage(listError?.message ? { type: String(listError.type), message: listError.message } : undefined);
  const originName = origins.find((o) => o.id === origin)?.name ?? '';
  const hasRoute = origin !== undefined && destination !== undefined;

  return (
    <div className="admin-page">
      <h1 className="admin-title">{t('pages.pricingList.title')}</h1>
      <p className="admin-lead">{t('pages.pricingList.text')}</p>

      <section className="card crud-filter" aria-labelledby="origin-choice-title">
        <h2 id="origin-choice-title" className="card-title">
          {t('pages.pricingList.originTitle')}
        </h2>
        <SelectField
          label={t('pages.pricingList.origin')}
          options={origins.map((o) => ({ value: o.id, label: o.name }))}
          value={origin ?? ''}
          onChange={(event) => chooseOrigin(Number(event.target.value))}
        />
      </section>

      <Tabs
        label={t('pages.pricingList.destinations')}
        tabs={destinationRows.map((d) => ({ id: d.id, label: d.name }))}
        selected={destination}
        onSelect={chooseDestination}
      >
        {destinations.isSuccess && destinationRows.length === 0 ? (
          <p className="notice notice-warning">{t('pages.pricingList.noDestination')}</p>
        ) : null}
        {hasRoute ? (
          <>
            {/* One entry per route: once it exists, its prices change through Modifier. */}
            {crud.editing === null && (crud.list.data?.length ?? 0) > 0 ? (
              <p className="notice notice-warning">{t('pages.pricingList.routeHasPrices')}</p>
            ) : null}
            <CrudFormCard crud={crud} title={{ add: t('pages.pricingList.formAdd'), edit: t('pages.pricingList.formEdit') }}>
              <fieldset className="crud-fieldset" aria-describedby={pricesError ? 'prices-error' : undefined}>
                <legend className="field-label">{t('pages.pricingList.prices')}</legend>
                <div className="crud-fields">
                  {carRows.map((car, index) => (
                    <TextField
                      key={car.id}
                      label={t('pages.pricingList.priceFor', { car: car.name })}
                      hint={t('pages.pricingList.priceHint')}
                      inputMode="decimal"
                      {...crud.field(`carsList.${index}.price`)}
                    />
                  ))}
                </div>
                {pricesError ? (
                  <p id="prices-error" className="field-error" role="alert">
                    {pricesError}
                  </p>
                ) : null}
              </fieldset>
              <TextField label={t('pages.pricingList.placeTo')} hint={t('pages.pricingList.placeToHint')} {...crud.field('placeTo')} />
            </CrudFormCard>
            <CrudTable
              crud={crud}
              caption={t('pages.pricingList.title')}
              rowLabel={routeName}
              columns={[
                { key: 'origin', header: t('pages.pricingList.origin'), cell: (entry) => entry.origin.name },
                { key: 'destination', header: t('pages.pricingList.destination'), cell: (entry) => entry.destination.name },
                { key: 'placeTo', header: t('pages.pricingList.placeTo'), cell: (entry) => entry.place_to ?? '—' },
                ...carColumns,
                createdAtColumn(t('pages.pricingList.createdAt')),
              ]}
            />
          </>
        ) : null}
      </Tabs>

      <div className="card-grid crud-places">
        <CrudFormCard crud={originCrud} title={{ add: t('pages.pricingList.addOrigin'), edit: t('pages.pricingList.addOrigin') }}>
          <TextField label={t('pages.pricingList.originName')} required {...originCrud.field('name')} />
          <TextField label={t('pages.pricingList.originTitleField')} hint={t('pages.pricingList.originTitleHint')} {...originCrud.field('title')} />
        </CrudFormCard>
        <CrudFormCard
          crud={destinationCrud}
          title={{ add: t('pages.pricingList.addDestination', { origin: originName }), edit: t('pages.pricingList.addDestination', { origin: originName }) }}
        >
          <TextField label={t('pages.pricingList.destinationName')} required {...destinationCrud.field('name')} />
        </CrudFormCard>
      </div>

      <CrudDeleteModal crud={crud} title={t('delete.pricingList')} itemName={routeName} />
    </div>
  );
}
