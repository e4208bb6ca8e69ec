import { eurosToCents } from '@vtc/shared/pricing/euros-to-cents';
import type { PricingListBody } from '@vtc/shared/pricing/pricing-list-schemas';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { toJson } from '../../platform/lib/json-reply.ts';
import { FOREIGN_KEY_VIOLATION, isPgError, UNIQUE_VIOLATION } from '../../platform/lib/pg-errors.ts';
import type { ReadCaches } from '../../platform/db/read-caches.ts';
import type { Catalogue } from '../catalogue-snapshot.ts';
import { findDestination } from '../places/destinations-repository.ts';
import { findOrigin } from '../places/origins-repository.ts';
import {
  deleteEntry,
  existingCarIds,
  findEntry,
  hiddenCarPrices,
  insertEntry,
  listEntries,
  replacePrices,
  updateEntry,
  type EntryValues,
  type PricingListEntry,
} from './fixed-routes-repository.ts';
import { PricingListResponse } from '@vtc/shared/pricing/pricing-responses';
import { toPricingListItem } from './fixed-route-mappers.ts';

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

type EntriesFilter = { originId?: number; destinationId?: number };

/** Each catalogue's answers, by filter; a catalogue replaced by a change takes its answers with it. */
const answers = new WeakMap<Catalogue, Map<string, string>>();
/** Filters remembered per catalogue: any id may be asked for, memory may not grow with them. */
const MAX_ANSWERS = 1_000;

/**
 * The public price list as the response's JSON, from the catalogue in memory: made once per
 * catalogue and filter, then sent as it is until the company changes the catalogue (decision 0026).
 */
export async function getEntriesJson(caches: ReadCaches, filter: EntriesFilter): Promise<string> {
  const catalogue = await caches.catalogue();
  let byFilter = answers.get(catalogue);
  if (!byFilter) {
    byFilter = new Map();
    answers.set(catalogue, byFilter);
  }
  const key = `${filter.originId ?? ''}:${filter.destinationId ?? ''}`;
  const known = byFilter.get(key);
  if (known !== undefined) return known;
  const entries = catalogue.priceList.filter(
    (entry) =>
      (filter.originId === undefined || entry.originId === filter.originId) &&
      (filter.destinationId === undefined || entry.destinationId === filter.destinationId),
  );
  const json = toJson(PricingListResponse, { data: entries.map(toPricingListItem) });
  if (byFilter.size >= MAX_ANSWERS) byFilter.clear();
  byFilter.set(key, json);
  return json;
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

/**
 * Replaces the route and its prices: a car left out of carsList loses its price, unless the car
 * is hidden (the form does not list it, decision 0074).
 */
export async function editEntry(db: Db, id: number, body: PricingListBody): Promise<PricingListEntry> {
  return db
    .transaction(async (tx) => {
      if (!(await findEntry(tx, id))) throw notFound();
      await updateEntry(tx, id, await checkEntry(tx, body));
      const prices = pricesOf(body);
      const kept = (await hiddenCarPrices(tx, id)).filter((price) => !prices.some((p) => p.carId === price.carId));
      await replacePrices(tx, id, [...prices, ...kept]);
      return readEntry(tx, id);
    })
    .catch(explainWriteError);
}

export async function removeEntry(db: Db, id: number): Promise<{ id: number }> {
  const entry = await deleteEntry(db, id);
  if (!entry) throw notFound();
  return { id: entry.id };
}
