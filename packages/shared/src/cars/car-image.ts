import { message, type MessageKey } from '../i18n/error-messages.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof ALLOWED_IMAGE_TYPES)[number];
/** For `<input type="file" accept=...>`. */
export const IMAGE_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');

export function isAllowedImageType(type: string): type is ImageType {
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(type);
}

/**
 * The image type its first bytes show (JPEG, PNG or WebP), or null. The API trusts these bytes,
 * not the type the client declares.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (signature: readonly number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** What is known of an uploaded file: its declared type and size (a browser File fits). */
export interface ImageFile {
  type: string;
  size: number;
}

/**
 * Checks a car image: required when adding (`required: true`), optional when editing. Gives a
 * message reference ('image_required', 'invalid_image', 'image_too_large?max=5') or null.
 */
export function checkCarImage(file: ImageFile | null | undefined, options: { required: boolean }): string | null {
  if (!file || file.size === 0) return options.required ? ('image_required' satisfies MessageKey) : null;
  if (!isAllowedImageType(file.type)) return 'invalid_image';
  if (file.size > MAX_IMAGE_BYTES) return message('image_too_large', { max: MAX_IMAGE_BYTES / 1024 / 1024 });
  return null;
}
