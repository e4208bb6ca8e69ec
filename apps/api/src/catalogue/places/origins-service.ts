import type { OriginBody } from '@vtc/shared/places/place-schemas';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/lib/app-error.ts';
import { isPgError, UNIQUE_VIOLATION } from '../../platform/lib/pg-errors.ts';
import { deleteOrigin, insertOrigin, listOrigins, updateOrigin, type OriginRow } from './origins-repository.ts';

/** Origin names are unique: 409 on the name field. */
function explainWriteError(error: unknown): never {
  if (isPgError(error, UNIQUE_VIOLATION)) throw new AppError(409, 'conflict', {}, [{ path: 'name', message: 'conflict' }]);
  throw error;
}

const originValues = (body: OriginBody) => ({ name: body.name, title: body.title ?? null });

export async function getOrigins(db: Db): Promise<OriginRow[]> {
  return listOrigins(db);
}

export async function addOrigin(db: Db, body: OriginBody): Promise<OriginRow> {
  return insertOrigin(db, originValues(body)).catch(explainWriteError);
}

export async function editOrigin(db: Db, id: number, body: OriginBody): Promise<OriginRow> {
  const origin = await updateOrigin(db, id, originValues(body)).catch(explainWriteError);
  if (!origin) throw notFound();
  return origin;
}

/** Deletes the origin with its destinations and its price-list entries. */
export async function removeOrigin(db: Db, id: number): Promise<OriginRow> {
  const origin = await deleteOrigin(db, id);
  if (!origin) throw notFound();
  return origin;
}
