import type { FastifyBaseLogger } from 'fastify';
import type { CarBody } from '@vtc/shared/cars/car-schemas';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/lib/app-error.ts';
import { cleanUploadedImage, discardImage, storeImage } from '../../platform/lib/image-files.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import {
  deleteCar,
  insertCar,
  listCars,
  listUpcomingBookings,
  lockCar,
  setCarHidden,
  updateCar,
  type CarRow,
  type UpcomingBookingRow,
} from './cars-repository.ts';

export type CarsDeps = { db: Db; log: FastifyBaseLogger };

export async function getCars(deps: CarsDeps): Promise<CarRow[]> {
  return listCars(deps.db);
}

/** The image and the row are saved together or not at all. */
export async function addCar(deps: CarsDeps, body: CarBody, image: UploadedFile): Promise<CarRow> {
  const bytes = await cleanUploadedImage(image);
  return deps.db.transaction(async (tx) => insertCar(tx, { ...body, imgUrl: await storeImage(tx, bytes) }));
}

/** A new image replaces the old one, which is removed once the row points to the new one. */
export async function editCar(deps: CarsDeps, id: number, body: CarBody, image: UploadedFile | undefined): Promise<CarRow> {
  const bytes = image ? await cleanUploadedImage(image) : undefined;
  const result = await deps.db.transaction(async (tx) => {
    const current = await lockCar(tx, id);
    if (!current) throw notFound();
    const imgUrl = bytes ? await storeImage(tx, bytes) : undefined;
    const car = await updateCar(tx, id, { ...body, ...(imgUrl && { imgUrl }) });
    if (!car) throw notFound();
    return { car, previousUrl: current.imgUrl };
  });
  if (result.previousUrl !== result.car.imgUrl) await discardImage(deps.db, deps.log, result.previousUrl);
  return result.car;
}

/** Deletes the car with its pricing bands and price-list prices (foreign keys cascade), then its image. */
export async function removeCar(deps: CarsDeps, id: number): Promise<CarRow> {
  const car = await deleteCar(deps.db, id);
  if (!car) throw notFound();
  await discardImage(deps.db, deps.log, car.imgUrl);
  return car;
}

/**
 * Hides a car from customers or offers it again. Hiding is allowed while the car has trips to
 * come: they stay booked, and are returned so the company can drive or reassign them.
 */
export async function setCarVisibility(
  deps: CarsDeps,
  id: number,
  hidden: boolean,
  now = new Date(),
): Promise<{ car: CarRow; upcoming: UpcomingBookingRow[] }> {
  return deps.db.transaction(async (tx) => {
    const car = await setCarHidden(tx, id, hidden);
    if (!car) throw notFound();
    return { car, upcoming: hidden ? await listUpcomingBookings(tx, id, now) : [] };
  });
}
