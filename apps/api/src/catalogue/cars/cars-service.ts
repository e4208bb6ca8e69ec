import type { FastifyBaseLogger } from 'fastify';
import type { CarBody } from '@vtc/shared/cars/car-schemas';
import type { ImageType } from '@vtc/shared/cars/car-image';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/lib/app-error.ts';
import { detectImageType, removeImage, saveImage } from '../../platform/lib/image-files.ts';
import type { UploadedFile } from '../../platform/http/uploads.ts';
import { deleteCar, insertCar, listCars, lockCar, updateCar, type CarRow } from './cars-repository.ts';

export type CarsDeps = { db: Db; uploadsDir: string; log: FastifyBaseLogger };

/** The type the image's bytes show; anything but JPEG, PNG or WebP is refused ('invalid_image'). */
async function checkImage(image: UploadedFile): Promise<ImageType> {
  const type = await detectImageType(image.bytes);
  if (!type) throw new AppError(400, 'invalid_image', {}, [{ path: image.fieldName, message: 'invalid_image' }]);
  return type;
}

/** A file no row points to any more; failing to remove it only leaves an orphan file behind. */
async function discardImage(deps: CarsDeps, url: string | null | undefined): Promise<void> {
  try {
    await removeImage(deps.uploadsDir, url);
  } catch (error) {
    deps.log.warn({ err: error, url }, 'could not remove an uploaded image');
  }
}

export async function getCars(deps: CarsDeps): Promise<CarRow[]> {
  return listCars(deps.db);
}

/** The file is written first, then the row; if the row cannot be saved the file is removed. */
export async function addCar(deps: CarsDeps, body: CarBody, image: UploadedFile): Promise<CarRow> {
  const imgUrl = await saveImage(deps.uploadsDir, image.bytes, await checkImage(image));
  try {
    return await insertCar(deps.db, { ...body, imgUrl });
  } catch (error) {
    await discardImage(deps, imgUrl);
    throw error;
  }
}

/** A new image replaces the old one, whose file is removed once the row points to the new one. */
export async function editCar(deps: CarsDeps, id: number, body: CarBody, image: UploadedFile | undefined): Promise<CarRow> {
  const imgUrl = image ? await saveImage(deps.uploadsDir, image.bytes, await checkImage(image)) : undefined;
  let result: { car: CarRow; previousUrl: string | null };
  try {
    result = await deps.db.transaction(async (tx) => {
      const current = await lockCar(tx, id);
      if (!current) throw notFound();
      const car = await updateCar(tx, id, { ...body, ...(imgUrl && { imgUrl }) });
      if (!car) throw notFound();
      return { car, previousUrl: current.imgUrl };
    });
  } catch (error) {
    if (imgUrl) await discardImage(deps, imgUrl);
    throw error;
  }
  if (imgUrl && result.previousUrl !== imgUrl) await discardImage(deps, result.previousUrl);
  return result.car;
}

/** Deletes the car with its pricing bands and price-list prices (foreign keys cascade), then its image. */
export async function removeCar(deps: CarsDeps, id: number): Promise<CarRow> {
  const car = await deleteCar(deps.db, id);
  if (!car) throw notFound();
  await discardImage(deps, car.imgUrl);
  return car;
}
