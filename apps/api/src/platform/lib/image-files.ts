import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { isAllowedImageType, type ImageType } from '@vtc/shared/cars/car-image';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { cars, tours, uploads } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/** Public URL prefix of stored uploads (served by platform/http/served-uploads.ts from the uploads table). */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** Longest side of a stored image: sharp enough for a full-width card, light on a phone. */
export const MAX_IMAGE_SIDE = 1600;
/** Refuses decompression bombs before decoding: 40 megapixels covers any camera photo. */
const MAX_INPUT_PIXELS = 40_000_000;
const STORED_TYPE = 'image/webp';
const NAME_PATTERN = /^[\w-]+\.(jpg|png|webp)$/;
const EXTENSIONS: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/**
 * The image type the bytes themselves show (JPEG, PNG or WebP), or null. The file name and the
 * declared type are never trusted: a text file renamed .jpg or an SVG (which may carry script)
 * is refused.
 */
export async function detectImageType(bytes: Uint8Array): Promise<ImageType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected && isAllowedImageType(detected.mime) ? detected.mime : null;
}

/**
 * Decodes and re-encodes an image as WebP, turned upright by its EXIF orientation, at most
 * MAX_IMAGE_SIDE on its long side. sharp writes no metadata unless asked, so EXIF (GPS, camera
 * serial), XMP and ICC comments are gone. Null when the bytes do not decode as an image.
 */
export async function cleanImage(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

/**
 * Stores cleaned image bytes under a name made of their hash, so the URL can be cached for
 * good; the same image stored twice is one row. Gives its public URL.
 */
export async function storeImage(db: DbOrTx, bytes: Uint8Array): Promise<string> {
  const name = `${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}.webp`;
  await db.insert(uploads).values({ name, contentType: STORED_TYPE, bytes }).onConflictDoNothing();
  return `${UPLOADS_URL_PREFIX}${name}`;
}

/** The upload name behind a URL, or null when the URL is not one of ours. */
export function uploadName(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return null;
  const name = url.slice(UPLOADS_URL_PREFIX.length);
  return NAME_PATTERN.test(name) ? name : null;
}

/** An upload's bytes and type, or null. */
export async function findUpload(db: DbOrTx, name: string): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  if (!NAME_PATTERN.test(name)) return null;
  const [row] = await db
    .select({ contentType: uploads.contentType, bytes: uploads.bytes })
    .from(uploads)
    .where(eq(uploads.name, name));
  return row ?? null;
}

/** Removes an upload that no car or tour shows any more (two rows may share one image by its hash). */
export async function removeImage(db: DbOrTx, url: string | null | undefined): Promise<void> {
  const name = uploadName(url);
  if (!name) return;
  const shownUrl = `${UPLOADS_URL_PREFIX}${name}`;
  const shownByCar = db.select({ one: sql`1` }).from(cars).where(eq(cars.imgUrl, shownUrl));
  const shownByTour = db.select({ one: sql`1` }).from(tours).where(eq(tours.imgUrl, shownUrl));
  await db.delete(uploads).where(and(eq(uploads.name, name), notExists(shownByCar), notExists(shownByTour)));
}

/**
 * An uploaded image re-encoded (decision 0019): the bytes must show JPEG, PNG or WebP and decode
 * as such, else 'invalid_image' on the upload's field.
 */
export async function cleanUploadedImage(image: { bytes: Uint8Array; fieldName: string }): Promise<Uint8Array> {
  const cleaned = (await detectImageType(image.bytes)) ? await cleanImage(image.bytes) : null;
  if (!cleaned) throw new AppError(400, 'invalid_image', {}, [{ path: image.fieldName, message: 'invalid_image' }]);
  return cleaned;
}

/** An image no row points to any more; failing to remove it only leaves an orphan row behind. */
export async function discardImage(db: DbOrTx, log: FastifyBaseLogger, url: string | null | undefined): Promise<void> {
  try {
    await removeImage(db, url);
  } catch (error) {
    log.warn({ err: error, url }, 'could not remove an uploaded image');
  }
}

/**
 * Older installs kept uploads as files in one folder. Each image of ours is cleaned and stored
 * under its old name (cars keep their URLs; the stored type is what is served), then the folder
 * is renamed so this runs once.
 * Gives how many were imported.
 */
export async function importUploadFolder(db: DbOrTx, dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  let imported = 0;
  for (const name of await readdir(dir)) {
    if (!NAME_PATTERN.test(name)) continue;
    const original = await readFile(path.join(dir, name));
    const type = await detectImageType(original);
    // Cleaned like a new upload: the older files kept their metadata and full size.
    const bytes = type && name.endsWith(`.${EXTENSIONS[type]}`) ? await cleanImage(original) : null;
    if (!bytes) continue;
    const rows = await db
      .insert(uploads)
      .values({ name, contentType: STORED_TYPE, bytes })
      .onConflictDoNothing()
      .returning({ name: uploads.name });
    imported += rows.length;
  }
  // Another process sharing this folder may have renamed it first; its rows are the same.
  await rename(dir, `${dir}-imported`).catch(() => undefined);
  return imported;
}
