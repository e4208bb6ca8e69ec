import type { TourItem } from '@vtc/shared/tours/tour-responses';
import { formatEuros } from '@vtc/shared/pricing/format-euros';
import { Controller, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { carsResource, seasonsResource, toursResource } from '../../../lib/catalogue-api';
import { useCrudList } from '../../../lib/crud-resource';
import { getStoredLanguage } from '../../../lib/language';
import { CrudScreen } from '../../../components/admin/crud-screen';
import { ImageField } from '../../../components/admin/image-field';
import { useCrud } from '../../../components/admin/use-crud';
import { fieldMessage } from '../../../components/ui/field-message';
import { TextField } from '../../../components/ui/text-field';
import { EMPTY_TOUR, priceKey, toTourFormData, toTourFormValues, tourResolver } from './tour-form';
import { TourPlacesField } from './tour-places-field';
import { DescriptionField } from './description-field';
import './tours-page.css';

const LANGUAGE_FIELDS = [
  { suffix: 'Fr', dir: 'ltr' },
  { suffix: 'En', dir: 'ltr' },
  { suffix: 'Ar', dir: 'rtl' },
] as const;

/** Excursions: the tours the site sells, their texts in three languages, places and prices (decision 0125). */
export function ToursPage() {
  const { t } = useTranslation('admin');
  const language = getStoredLanguage();
  const cars = useCrudList(carsResource);
  const seasons = useCrudList(seasonsResource);
  const crud = useCrud({
    resource: toursResource,
    listQuery: { all: 'true' },
    resolver: tourResolver,
    emptyValues: EMPTY_TOUR,
    toFormValues: (tour: TourItem) => toTourFormValues(tour, language),
    toBody: toTourFormData,
  });
  const { register, control, formState } = crud.form;
  const pricesError = fieldMessage(formState.errors.prices?.root ?? (formState.errors.prices as FieldError | undefined));
  const tourName = (tour: TourItem) => tour.name[language];

  return (
    <CrudScreen
      page="tours"
      crud={crud}
      fields={
        <>
          {LANGUAGE_FIELDS.map(({ suffix, dir }) => (
            <TextField key={`name${suffix}`} label={t(`pages.tours.name${suffix}`)} dir={dir} required {...crud.field(`name${suffix}`)} />
          ))}
          <TextField
            label={t('pages.tours.durationHours')}
            hint={t('pages.tours.durationHint')}
            type="number"
            inputMode="numeric"
            min={1}
            max={24}
            required
            {...crud.field('durationHours')}
          />
          {LANGUAGE_FIELDS.map(({ suffix, dir }) => (
            <DescriptionField key={`description${suffix}`} label={t(`pages.tours.description${suffix}`)} dir={dir} error={formState.errors[`description${suffix}`]} {...register(`description${suffix}`)} />
          ))}
          <TourPlacesField name="departures" control={control} register={register} errors={formState.errors} />
          <TourPlacesField name="visits" control={control} register={register} errors={formState.errors} />
          <fieldset className="crud-fieldset tour-prices">
            <legend className="field-label">{t('pages.tours.prices')}</legend>
            <p className="field-hint">{t('pages.tours.pricesHint')}</p>
            {(cars.data ?? []).map((car) => (
              <div key={car.id} className="tour-prices-car">
                <p className="tour-prices-car-name">{car.name}</p>
                <div className="crud-fields">
                  {(seasons.data ?? []).map((season) => {
                    const key = priceKey(car.id, season.id);
                    return (
                      <TextField
                        key={key}
                        label={t(`seasonNames.${season.name}`)}
                        aria-label={t('pages.tours.priceLabel', { car: car.name, season: t(`seasonNames.${season.name}`) })}
                        inputMode="decimal"
                        error={formState.errors.prices?.[key]}
                        {...register(`prices.${key}`)}
                      />
                    );
                  })}
                </div>
              </div>
            ))}
            {pricesError ? (
              <p className="field-error" role="alert">
                {pricesError}
              </p>
            ) : null}
          </fieldset>
          <label className="tour-hidden">
            <input type="checkbox" role="switch" {...register('hidden')} />
            <span>{t('pages.tours.hiddenLabel')}</span>
          </label>
          <Controller
            control={control}
            name="img"
            render={({ field, fieldState }) => (
              <ImageField
                label={t('pages.tours.image')}
                hint={t('pages.tours.imageHint')}
                previewLabel={t('pages.tours.preview')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                currentUrl={crud.editing?.imgUrl ?? null}
                required={false}
                error={fieldState.error}
              />
            )}
          />
        </>
      }
      table={{
        rowLabel: tourName,
        columns: [
          {
            key: 'name',
            header: t('pages.tours.name'),
            cell: (tour) => (
              <>
                {tourName(tour)}
                {tour.hidden ? <span className="status-badge tour-hidden-badge">{t('pages.tours.hidden')}</span> : null}
              </>
            ),
          },
          { key: 'duration', header: t('pages.tours.durationHours'), cell: (tour) => t('pages.tours.hours', { value: tour.durationHours }), className: 'cell-number' },
          { key: 'departures', header: t('pages.tours.departures'), cell: (tour) => tour.departures.map((place) => place.name).join(', ') },
          { key: 'visits', header: t('pages.tours.visits'), cell: (tour) => tour.visits.map((place) => place.name).join(' → ') },
          {
            key: 'prices',
            header: t('pages.tours.currentPrices'),
            cell: (tour) =>
              tour.prices.length === 0 ? '—' : tour.prices.map((price) => `${price.carName} ${formatEuros(price.priceCents, language)}`).join(' · '),
          },
        ],
      }}
    />
  );
}
