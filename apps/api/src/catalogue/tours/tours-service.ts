import type { FastifyBaseLogger } from 'fastify';
import { eurosToCents } from '@vtc/shared/pricing/euros-to-cents';
import { getParisParts } from '@vtc/shared/time/paris-time';
import type { TourItem } from '@vtc/shared/tours/tour-responses';
import type { TourBody } from '@vtc/shared/tours/tour-schemas';
import type { Db } from '../../platform/db/client.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { fieldError, notFound } from '../../platform/lib/app-error.ts';
import { cleanUploadedImage, discardImage, storeImage } from '../../platform/lib/image-files.ts';
import { FOREIGN_KEY_VIOLATION, isPgError } from '../../platform/lib/pg-errors.ts';
import { toTourItem } from './tour-mappers.ts';
import { deleteTour, insertTour, listTourPrices, listTours, lockTour, replaceTourPrices, updateTour, type TourValues } from './tours-repository.ts';

export type ToursDeps = { db: Db; log: FastifyBaseLogger };

function toValues(body: TourBody): TourValues {
  return {
    nameFr: body.nameFr,
    nameEn: body.nameEn,
    nameAr: body.nameAr,
    descriptionFr: body.descriptionFr,
    descriptionEn: body.descriptionEn,
    descriptionAr: body.descriptionAr,
    durationHours: body.durationHours,
    hidden: body.hidden,
    departures: body.departures,
    visits: body.visits,
    imgUrl: null,
  };
}

const toPrices = (body: TourBody) => body.prices.map((price) => ({ carId: price.carId, seasonId: price.seasonId, priceCents: eurosToCents(price.price) }));

/** A price naming a car or season that does not exist (or was deleted meanwhile): the prices field's error. */
function explainForeignKey(error: unknown): never {
  if (isPgError(error, FOREIGN_KEY_VIOLATION, 'tour_prices_car_id_cars_id_fk')) throw fieldError('prices', 'car_not_exist');
  if (isPgError(error, FOREIGN_KEY_VIOLATION, 'tour_prices_season_id_seasons_id_fk')) throw fieldError('prices', 'not_found');
  throw error;
}

/** Tours with their prices, the current season read on the Paris calendar of `now`. */
export async function getTours(db: Db, options: { includeHidden: boolean; id?: number }, now: Date = new Date()): Promise<TourItem[]> {
  const rows = await listTours(db, options);
  const prices = await listTourPrices(
    db,
    rows.map((row) => row.id),
  );
  const { month } = getParisParts(now);
  return rows.map((row) => toTourItem(row, prices, month));
}

/** One tour as customers see it: a hidden tour is not found (unless the admin asks). */
export async function getTour(db: Db, id: number, includeHidden: boolean, now: Date = new Date()): Promise<TourItem> {
  const [tour] = await getTours(db, { includeHidden, id }, now);
  if (!tour) throw notFound();
  return tour;
}

/** The tour, its photo and its prices are saved together or not at all. */
export async function addTour(deps: ToursDeps, body: TourBody, image: UploadedFile | undefined): Promise<TourItem> {
  const bytes = image ? await cleanUploadedImage(image) : undefined;
  const id = await deps.db
    .transaction(async (tx) => {
      const imgUrl = bytes ? await storeImage(tx, bytes) : null;
      const tour = await insertTour(tx, { ...toValues(body), imgUrl });
      await replaceTourPrices(tx, tour.id, toPrices(body));
      return tour.id;
    })
    .catch(explainForeignKey);
  return getTour(deps.db, id, true);
}

/** Replaces the tour's texts, places and prices; a new photo replaces the old one. */
export async function editTour(deps: ToursDeps, id: number, body: TourBody, image: UploadedFile | undefined): Promise<TourItem> {
  const bytes = image ? await cleanUploadedImage(image) : undefined;
  const previousUrl = await deps.db
    .transaction(async (tx) => {
      const current = await lockTour(tx, id);
      if (!current) throw notFound();
      const { imgUrl: _keep, ...values } = toValues(body);
      const imgUrl = bytes ? await storeImage(tx, bytes) : current.imgUrl;
      await updateTour(tx, id, { ...values, imgUrl });
      await replaceTourPrices(tx, id, toPrices(body));
      return imgUrl === current.imgUrl ? null : current.imgUrl;
    })
    .catch(explainForeignKey);
  if (previousUrl) await discardImage(deps.db, deps.log, previousUrl);
  return getTour(deps.db, id, true);
}

/** Deletes the tour with its prices (foreign keys cascade), then its photo. */
export async function removeTour(deps: ToursDeps, id: number): Promise<{ id: number }> {
  const tour = await deleteTour(deps.db, id);
  if (!tour) throw notFound();
  await discardImage(deps.db, deps.log, tour.imgUrl);
  return { id: tour.id };
}
