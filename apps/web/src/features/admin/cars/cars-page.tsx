import type { CarItem } from '@vtc/shared/cars/car-responses';
import { zodResolver } from '@hookform/resolvers/zod';
import { checkCarImage } from '@vtc/shared/cars/car-image';
import { CarBody } from '@vtc/shared/cars/car-schemas';
import { Controller, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { carsResource, pricingListResource, pricingResource } from '../../../lib/catalogue-api';
import { CrudScreen } from '../../../components/admin/crud-screen';
import { createdAtColumn } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/text-field';
import { useCrud, type CrudContext } from '../../../components/admin/use-crud';
import { ImageField } from '../../../components/admin/image-field';
import { useCarVisibility } from './car-visibility';
import './cars-page.css';

/** The shared text fields plus the chosen file, checked below. */
const CarForm = CarBody.extend({ img: z.instanceof(File).nullable() });
type CarFormIn = z.input<typeof CarForm>;
type CarFormOut = z.output<typeof CarForm>;

const EMPTY: CarFormIn = { name: '', number: '', model: '', seats: '', packages: '', img: null };
const formResolver = zodResolver(CarForm);

/** The text fields by the shared schema; the image by checkCarImage (required when adding only). */
const resolver: Resolver<CarFormIn, CrudContext, CarFormOut> = async (values, context, options) => {
  const result = await formResolver(values, context, options);
  const imageError = checkCarImage(values.img, { required: !context?.editing });
  if (!imageError) return result;
  return { values: {}, errors: { ...result.errors, img: { type: 'validate', message: imageError } } };
};

function toFormData(values: CarFormOut): FormData {
  const data = new FormData();
  for (const key of ['name', 'number', 'model', 'seats', 'packages'] as const) data.set(key, String(values[key]));
  if (values.img) data.set('img', values.img);
  return data;
}

/** Voitures: the fleet, with an image per car (multipart to /car/add and /car/update/{id}). */
export function CarsPage() {
  const { t } = useTranslation('admin');
  const crud = useCrud({
    resource: carsResource,
    resolver,
    emptyValues: EMPTY,
    toFormValues: (car: CarItem): CarFormIn => ({ ...car, img: null }),
    toBody: toFormData,
    // Deleting a car deletes its prices; its name shows in both lists.
    alsoInvalidate: [pricingResource.key, pricingListResource.key],
  });
  const visibility = useCarVisibility();
  const number = (key: 'seats' | 'packages') => (
    <TextField label={t(`pages.cars.${key}`)} type="number" inputMode="numeric" min={0} required {...crud.field(key)} />
  );

  return (
    <>
      <CrudScreen
        page="cars"
        crud={crud}
        fields={
          <>
            <TextField label={t('pages.cars.name')} required {...crud.field('name')} />
            <TextField label={t('pages.cars.number')} required {...crud.field('number')} />
            <TextField label={t('pages.cars.model')} required {...crud.field('model')} />
            {number('seats')}
            {number('packages')}
            <Controller
              control={crud.form.control}
              name="img"
              render={({ field, fieldState }) => (
                <ImageField
                  label={t('pages.cars.image')}
                  hint={t('pages.cars.imageHint')}
                  previewLabel={t('pages.cars.preview')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  currentUrl={crud.editing?.img_url ?? null}
                  required={crud.editing === null}
                  error={fieldState.error}
                />
              )}
            />
          </>
        }
        table={{
          rowLabel: (car) => car.name,
          columns: [
            { key: 'index', header: '#', cell: (_car, index) => index + 1 },
            {
              key: 'image',
              header: t('pages.cars.image'),
              cell: (car) =>
                car.img_url ? (
                  <img className="car-thumb" src={car.img_url} alt={t('pages.cars.thumbAlt', { name: car.name })} width={64} height={48} loading="lazy" decoding="async" />
                ) : null,
            },
            {
              key: 'name',
              header: t('pages.cars.name'),
              cell: (car) => (
                <>
                  {car.name}
                  {car.hidden ? <span className="status-badge car-hidden-badge">{t('pages.cars.hidden')}</span> : null}
                </>
              ),
            },
            { key: 'number', header: t('pages.cars.number'), cell: (car) => car.number },
            { key: 'model', header: t('pages.cars.model'), cell: (car) => car.model },
            { key: 'packages', header: t('pages.cars.packages'), cell: (car) => car.packages },
            { key: 'seats', header: t('pages.cars.seats'), cell: (car) => car.seats },
            createdAtColumn(t('pages.cars.createdAt')),
            { key: 'visibility', header: t('pages.cars.visibility'), cell: (car) => visibility.button(car) },
          ],
        }}
        deleteText={t('delete.carText')}
      />
      {visibility.dialog}
    </>
  );
}
