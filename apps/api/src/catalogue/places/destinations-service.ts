import type { DestinationBody } from '@vtc/shared/places/place-schemas';
import type { Db } from '../../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { FOREIGN_KEY_VIOLATION, isPgError, UNIQUE_VIOLATION } from '../../platform/lib/pg-errors.ts';
import {
  deleteDestination,
  findDestination,
  insertDestination,
  listDestinations,
  moveEntriesOfDestination,
  updateDestination,
  type DestinationRow,
} from './destinations-repository.ts';
import { findOrigin } from './origins-repository.ts';

/** A name used twice within one origin is 409 on the name; an origin deleted meanwhile reads as unknown. */
function explainWriteError(error: unknown): never {
  if (isPgError(error, UNIQUE_VIOLATION)) throw new AppError(409, 'conflict', {}, [{ path: 'name', message: 'conflict' }]);
  if (isPgError(error, FOREIGN_KEY_VIOLATION)) throw fieldError('originId', 'not_found');
  throw error;
}

/** All destinations, or those of one origin (404 for an unknown origin). */
export async function getDestinations(db: Db, originId?: number): Promise<DestinationRow[]> {
  if (originId !== undefined && !(await findOrigin(db, originId))) throw notFound();
  return listDestinations(db, originId);
}

export async function addDestination(db: Db, body: DestinationBody): Promise<DestinationRow> {
  if (!(await findOrigin(db, body.originId))) throw fieldError('originId', 'not_found');
  return insertDestination(db, { name: body.name, originId: body.originId }).catch(explainWriteError);
}

/** A destination moved to another origin takes its price-list entries along. */
export async function editDestination(db: Db, id: number, body: DestinationBody): Promise<DestinationRow> {
  return db
    .transaction(async (tx) => {
      const current = await findDestination(tx, id);
      if (!current) throw notFound();
      if (!(await findOrigin(tx, body.originId))) throw fieldError('originId', 'not_found');
      const destination = await updateDestination(tx, id, { name: body.name, originId: body.originId });
      if (!destination) throw notFound();
      if (current.originId !== body.originId) await moveEntriesOfDestination(tx, id, body.originId);
      return destination;
    })
    .catch(explainWriteError);
}

/** Deletes the destination with its price-list entries. */
export async function removeDestination(db: Db, id: number): Promise<DestinationRow> {
  const destination = await deleteDestination(db, id);
  if (!destination) throw notFound();
  return destination;
}
