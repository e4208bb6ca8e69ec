import { MAX_ID } from '@vtc/shared/validation/form-fields';
import { fieldError } from '../platform/lib/app-error.ts';
import type { BookingListRow, PageCursor } from './bookings-repository.ts';

/** Bookings listed page by page, newest first, after an opaque cursor (the customer's and the admin's lists). */
export const encodeCursor = (row: Pick<BookingListRow, 'cursorAt' | 'id'>) => Buffer.from(`${row.cursorAt}|${row.id}`).toString('base64url');

/** A cursor from `encodeCursor`; a malformed one is a 400 on `after`. */
export function decodeCursor(cursor: string | undefined): PageCursor | undefined {
  if (cursor === undefined) return undefined;
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const valid = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(createdAt) && /^\d{1,10}$/.test(id) && Number(id) <= MAX_ID;
  if (!valid) throw fieldError('after', 'invalid_value');
  return { createdAt, id: Number(id) };
}

/** One page of rows (limit + 1 read to know whether another page follows). */
export function toPage(rows: BookingListRow[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
