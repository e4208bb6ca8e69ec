import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { isAllowedImageType, type ImageType } from '@vtc/shared/cars/car-image';

/** Public URL prefix of stored uploads (served by platform/http/web-app.ts from UPLOADS_DIR). */
export const UPLOADS_URL_PREFIX = '/uploads/';

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

/** Writes an image under a new random name with the extension of its type; gives its public URL. */
export async function saveImage(uploadsDir: string, bytes: Uint8Array, type: ImageType): Promise<string> {
  const fileName = `${randomUUID()}.${EXTENSIONS[type]}`;
  await writeFile(path.join(uploadsDir, fileName), bytes, { flag: 'wx' });
  return `${UPLOADS_URL_PREFIX}${fileName}`;
}

/**
 * The file behind an upload URL, or null when the URL is not one of ours. Only the last path
 * segment is used, so a stored value can never point outside the uploads folder.
 */
export function uploadFilePath(uploadsDir: string, url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return null;
  const fileName = path.basename(url);
  if (!/^[\w-]+\.(jpg|png|webp)$/.test(fileName)) return null;
  return path.join(uploadsDir, fileName);
}

/** Removes an uploaded file; a file already gone is not an error. */
export async function removeImage(uploadsDir: string, url: string | null | undefined): Promise<void> {
  const file = uploadFilePath(uploadsDir, url);
  if (file) await rm(file, { force: true });
}
