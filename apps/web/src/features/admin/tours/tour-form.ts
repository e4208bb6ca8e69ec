import { checkCarImage } from '@vtc/shared/cars/car-image';
import { optionalEurosField } from '@vtc/shared/pricing/euros-to-cents';
import type { TourItem } from '@vtc/shared/tours/tour-responses';
import { MAX_TOUR_DEPARTURES, MAX_TOUR_VISITS, TourBody, TourPlace } from '@vtc/shared/tours/tour-schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { CrudContext } from '../../../components/admin/use-crud';
import { toEurosInput } from '../../../components/admin/euros-input';
import type { Language } from '@vtc/shared/i18n/languages';

/** The key of one car's price in one season in the form's `prices` map. */
export const priceKey = (carId: number, seasonId: number) => `car${carId}season${seasonId}`;

/**
 * The tour form: the shared body's texts and duration, the place lists as rows, the prices as a
 * map of car and season to euros typed (blank: no price), and the chosen photo.
 */
const TourForm = TourBody.pick({ nameFr: true, nameEn: true, nameAr: true, descriptionFr: true, descriptionEn: true, descriptionAr: true, durationHours: true }).extend({
  hidden: z.boolean(),
  departures: z.array(TourPlace).min(1, { error: 'required' }).max(MAX_TOUR_DEPARTURES),
  visits: z.array(TourPlace).min(1, { error: 'required' }).max(MAX_TOUR_VISITS),
  prices: z.record(z.string(), optionalEurosField()).refine((prices) => Object.values(prices).some((price) => price !== undefined), { message: 'tour_price_required' }),
  img: z.instanceof(File).nullable(),
});
export type TourFormIn = z.input<typeof TourForm>;
export type TourFormOut = z.output<typeof TourForm>;

export const EMPTY_TOUR: TourFormIn = {
  nameFr: '',
  nameEn: '',
  nameAr: '',
  descriptionFr: '',
  descriptionEn: '',
  descriptionAr: '',
  durationHours: 4,
  hidden: false,
  departures: [{ name: '', lat: '', lon: '' }],
  visits: [{ name: '', lat: '', lon: '' }],
  prices: {},
  img: null,
};

const formResolver = zodResolver(TourForm);

/** The fields by the shared rules; the photo (optional) by checkCarImage. */
export const tourResolver: Resolver<TourFormIn, CrudContext, TourFormOut> = async (values, context, options) => {
  const result = await formResolver(values, context, options);
  const imageError = checkCarImage(values.img, { required: false });
  if (!imageError) return result;
  return { values: {}, errors: { ...result.errors, img: { type: 'validate', message: imageError } } };
};

export function toTourFormValues(tour: TourItem, language: Language): TourFormIn {
  return {
    nameFr: tour.name.fr,
    nameEn: tour.name.en,
    nameAr: tour.name.ar,
    descriptionFr: tour.description.fr,
    descriptionEn: tour.description.en,
    descriptionAr: tour.description.ar,
    durationHours: tour.durationHours,
    hidden: tour.hidden,
    departures: tour.departures.map((place) => ({ ...place })),
    visits: tour.visits.map((place) => ({ ...place })),
    prices: Object.fromEntries(tour.seasonPrices.map((price) => [priceKey(price.carId, price.seasonId), toEurosInput(price.price, language)])),
    img: null,
  };
}

/** The multipart body of POST /tour/add and PUT /tour/update/{id}. */
export function toTourFormData(values: TourFormOut): FormData {
  const data = new FormData();
  for (const key of ['nameFr', 'nameEn', 'nameAr', 'descriptionFr', 'descriptionEn', 'descriptionAr'] as const) data.set(key, values[key]);
  data.set('durationHours', String(values.durationHours));
  data.set('hidden', String(values.hidden));
  data.set('departures', JSON.stringify(values.departures));
  data.set('visits', JSON.stringify(values.visits));
  const prices = Object.entries(values.prices).flatMap(([key, price]) => {
    const match = /^car(\d+)season(\d+)$/.exec(key);
    return match && price !== undefined ? [{ carId: Number(match[1]), seasonId: Number(match[2]), price }] : [];
  });
  data.set('prices', JSON.stringify(prices));
  if (values.img) data.set('img', values.img);
  return data;
}
