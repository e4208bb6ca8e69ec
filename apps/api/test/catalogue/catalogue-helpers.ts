import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { Database } from '../../src/platform/db/client.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';

/** Small but real images, made here so no test depends on files from elsewhere. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1x1 red PNG. */
export function pngImage(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real photo of the given format and size, one flat colour, carrying EXIF with a GPS position
 * and a camera serial, as a phone would write them.
 */
export async function photo(format: 'jpeg' | 'png' | 'webp', options: { width?: number; height?: number; red?: number } = {}): Promise<Buffer> {
  const { width = 40, height = 30, red = 200 } = options;
  return sharp({ create: { width, height, channels: 3, background: { r: red, g: 60, b: 30 } } })
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'owner-secret' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 42/1 0/1' } })
    .toFormat(format)
    .toBuffer();
}

/** JPEG start (SOI + JFIF APP0) and end markers: passes a first-bytes check, decodes as nothing. */
export function fakeJpeg(): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
    0xff, 0xd9,
  ]);
}

export type FilePart = { field?: string; fileName: string; type: string; bytes: Uint8Array };

/** A multipart/form-data body as a browser's FormData would send it. */
export async function multipart(
  fields: Record<string, string | number>,
  file?: FilePart,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (file) form.append(file.field ?? 'img', new Blob([file.bytes], { type: file.type }), file.fileName);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

export type Caller = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** An admin and a plain user, each with a function that calls the API with their token. */
export async function backOfficeUsers(app: FastifyInstance, database: Database) {
  const admin = await loginAdmin(app, database);
  const user = await registerUser(app);
  const as =
    (token: string): Caller =>
    (options) =>
      app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });
  return { admin: as(admin.token), user: as(user.token), adminToken: admin.token, userToken: user.token };
}

/** `{ path: message }` of an error response's field errors. */
export function fieldErrors(response: LightMyRequestResponse): Record<string, string> {
  const errors = (response.json() as { errors?: { path: string; message: string }[] }).errors ?? [];
  return Object.fromEntries(errors.map((error) => [error.path, error.message]));
}
