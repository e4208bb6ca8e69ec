import { eurosToCents } from '@vtc/shared/pricing/euros-to-cents';
import type { PricingListBody } from '@vtc/shared/pricing/pricing-list-schemas';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { FOREIGN_KEY_VIOLATION, isPgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { findDestination } from '../places/destinations-repository';
import { findOrigin } from '../places/origins-repository';
import {
  deleteEntry,
  existingCarIds,
  findEntry,
  insertEntry,
  listEntries,
  replacePrices,
  updateEntry,
  type EntryValues,
  type PricingListEntry,
} from './pricing-list-repository';

const carNotExist = () => fieldError('carsList', 'car_not_exist');

/** The destination must be one of the origin's, and every priced car must exist. */
async function checkEntry(tx: DbOrTx, body: PricingListBody): Promise<EntryValues> {
  if (!(await findOrigin(tx, body.placeFrom))) throw fieldError('placeFrom', 'not_found');
  const destination = await findDestination(tx, body.place);
  if (!destination) throw fieldError('place', 'not_found');
  if (destination.originId !== body.placeFrom) throw fieldError('place', 'invalid_value');
  const carIds = body.carsList.map((entry) => entry.carId);
  const known = await existingCarIds(tx, carIds);
  if (carIds.some((id) => !known.has(id))) throw carNotExist();
  return { originId: body.placeFrom, destinationId: body.place, placeTo: body.placeTo ?? null };
}

const pricesOf = (body: PricingListBody) => body.carsList.map((entry) => ({ carId: entry.carId, priceCents: eurosToCents(entry.price) }));

/** One entry per origin and destination; a car or place deleted meanwhile reads as unknown. */
function explainWriteError(error: unknown): never {
  if (isPgError(error, UNIQUE_VIOLATION, 'pricing_list_entries_route_key')) {
    throw new AppError(409, 'conflict', {}, [{ path: 'place', message: 'conflict' }]);
  }
  if (isPgError(error, FOREIGN_KEY_VIOLATION, 'pricing_list_prices_car_id_cars_id_fk')) throw carNotExist();
  if (isPgError(error, FOREIGN_KEY_VIOLATION)) throw fieldError('place', 'not_found');
  throw error;
}

async function readEntry(tx: DbOrTx, id: number): Promise<PricingListEntry> {
  const [entry] = await listEntries(tx, { id });
  if (!entry) throw notFound();
  return entry;
}

export async function getEntries(db: Db, filter: { originId?: number; destinationId?: number }): Promise<PricingListEntry[]> {
  return listEntries(db, filter);
}

export async function addEntry(db: Db, body: PricingListBody): Promise<PricingListEntry> {
  return db
    .transaction(async (tx) => {
      const entry = await insertEntry(tx, await checkEntry(tx, body));
      await replacePrices(tx, entry.id, pricesOf(body));
      return readEntry(tx, entry.id);
    })
    .catch(explainWriteError);
}

/** Replaces the route and all its prices: a car left out of carsList loses its price. */
export async function editEntry(db: Db, id: number, body: PricingListBody): Promise<PricingListEntry> {
  return db
    .transaction(async (tx) => {
      if (!(await findEntry(tx, id))) throw notFound();
      await updateEntry(tx, id, await checkEntry(tx, body));
      await replacePrices(tx, id, pricesOf(body));
      return readEntry(tx, id);
    })
    .catch(explainWriteError);
}

export async function removeEntry(db: Db, id: number): Promise<{ id: number }> {
  const entry = await deleteEntry(db, id);
  if (!entry) throw notFound();
  return { id: entry.id };
}
