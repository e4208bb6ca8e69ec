import { eurosToCents } from '@vtc/shared/pricing/euros-to-cents';
import { kmBandsOverlap, type PricingBody } from '@vtc/shared/pricing/pricing-schemas';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { FOREIGN_KEY_VIOLATION, isPgError } from '../../platform/lib/pg-errors.ts';
import { lockCar } from '../cars/cars-repository.ts';
import { findSeasonById } from '../seasons/seasons-repository.ts';
import {
  deletePricing,
  findPricing,
  findPricingWithRefs,
  insertPricing,
  listBands,
  listPricings,
  updatePricing,
  type PricingValues,
  type PricingWithRefs,
} from './rates-repository.ts';

const cents = (euros: number | undefined) => (euros === undefined ? null : eurosToCents(euros));

function toValues(body: PricingBody): PricingValues {
  return {
    carId: body.carId,
    seasonId: body.seasonId,
    kmStart: body.kmStart,
    kmEnd: body.kmEnd ?? null,
    minPriceCents: cents(body.minPrice),
    pricePerKmCents: cents(body.pricePerKm),
    minPriceNightCents: cents(body.minPriceNight),
    priceNightPerKmCents: cents(body.priceNight),
  };
}

/**
 * The car and season must exist, and the band may not overlap another band of the same car and
 * season. The car's row stays locked until the transaction ends, so two admins saving bands of
 * one car at once are checked one after the other and cannot both create an overlap.
 */
async function checkBand(tx: DbOrTx, values: PricingValues, exceptId?: number): Promise<void> {
  if (!(await lockCar(tx, values.carId))) throw fieldError('carId', 'car_not_exist');
  if (!(await findSeasonById(tx, values.seasonId))) throw fieldError('seasonId', 'not_found');
  const bands = await listBands(tx, values.carId, values.seasonId);
  if (bands.some((band) => band.id !== exceptId && kmBandsOverlap(band, values))) {
    throw new AppError(409, 'km_band_overlap', {}, [{ path: 'kmStart', message: 'km_band_overlap' }]);
  }
}

/** A car or season deleted between the check and the write: the same answer as if it had never existed. */
function explainForeignKey(error: unknown): never {
  if (isPgError(error, FOREIGN_KEY_VIOLATION, 'pricings_car_id_cars_id_fk')) throw fieldError('carId', 'car_not_exist');
  if (isPgError(error, FOREIGN_KEY_VIOLATION)) throw fieldError('seasonId', 'not_found');
  throw error;
}

export async function getPricings(db: Db, filter: { carId?: number; seasonId?: number }): Promise<PricingWithRefs[]> {
  return listPricings(db, filter);
}

export async function addPricing(db: Db, body: PricingBody): Promise<PricingWithRefs> {
  const values = toValues(body);
  return db
    .transaction(async (tx) => {
      await checkBand(tx, values);
      const { id } = await insertPricing(tx, values);
      const created = await findPricingWithRefs(tx, id);
      if (!created) throw notFound();
      return created;
    })
    .catch(explainForeignKey);
}

export async function editPricing(db: Db, id: number, body: PricingBody): Promise<PricingWithRefs> {
  const values = toValues(body);
  return db
    .transaction(async (tx) => {
      if (!(await findPricing(tx, id))) throw notFound();
      await checkBand(tx, values, id);
      await updatePricing(tx, id, values);
      const updated = await findPricingWithRefs(tx, id);
      if (!updated) throw notFound();
      return updated;
    })
    .catch(explainForeignKey);
}

export async function removePricing(db: Db, id: number): Promise<{ id: number }> {
  const pricing = await deletePricing(db, id);
  if (!pricing) throw notFound();
  return { id: pricing.id };
}
