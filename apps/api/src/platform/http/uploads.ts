import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { message } from '@vtc/shared/i18n/error-messages';
import { AppError } from '../lib/app-error.ts';

/** A file of a multipart request, read into memory (bounded by the plugin's size limit). */
export class UploadedFile {
  readonly fieldName: string;
  readonly fileName: string;
  readonly declaredType: string;
  readonly bytes: Buffer;

  constructor(fieldName: string, fileName: string, declaredType: string, bytes: Buffer) {
    this.fieldName = fieldName;
    this.fileName = fileName;
    this.declaredType = declaredType;
    this.bytes = bytes;
  }
}

/**
 * The zod field of an image upload. Only a real multipart file passes: a text field or a JSON
 * value of the same name is refused. Missing: 'image_required' (or undefined with `.optional()`).
 */
export const imageUploadField = () =>
  z
    .custom<UploadedFile>((value) => value instanceof UploadedFile, {
      error: (issue) => (issue.input === undefined ? 'image_required' : 'invalid_image'),
    })
    .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG or WebP image, 5 MB at most' });

export type ImageUploadsOptions = { maxFileBytes: number };

/**
 * Multipart forms with one image, for the routes of the plugin that registers this one (not
 * the whole API). Text fields and the file land in `request.body` as key/values, so the route's
 * zod schema validates them like JSON; the file arrives as an UploadedFile. A file over the
 * limit is answered 413 'image_too_large'; an empty file input counts as no file.
 */
export default fp<ImageUploadsOptions>(
  async function imageUploadsPlugin(app: FastifyInstance, options) {
    const maxMegabytes = Math.round((options.maxFileBytes / 1024 / 1024) * 10) / 10;
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      throwFileSizeLimit: false,
      limits: { fileSize: options.maxFileBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 21 },
      async onFile(part: MultipartFile) {
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) {
          const tooLarge = message('image_too_large', { max: maxMegabytes });
          throw new AppError(413, 'image_too_large', { max: maxMegabytes }, [{ path: part.fieldname, message: tooLarge }]);
        }
        const bytes = Buffer.concat(chunks);
        if (bytes.length === 0) return;
        (part as MultipartFile & { value?: unknown }).value = new UploadedFile(part.fieldname, part.filename, part.mimetype, bytes);
      },
    });
  },
  { name: 'image-uploads' },
);
