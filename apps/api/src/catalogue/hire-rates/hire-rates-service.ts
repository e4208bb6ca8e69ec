import { eurosToCents } from '@vtc/shared/pricing/euros-to-cents';
import type { HourlyRateBody } from '@vtc/shared/pricing/hire-rate-schemas';
import type { Db } from '../../platform/db/client.ts';
import { AppError, fieldError, notFound } from '../../platform/lib/app-error.ts';
import { FOREIGN_KEY_VIOLATION, isPgError, UNIQUE_VIOLATION } from '../../platform/lib/pg-errors.ts';
import {
  deleteHourlyRate,
  findHourlyRateWithRefs,
  insertHourlyRate,
  listHourlyRates,
  updateHourlyRate,
  type HourlyRateValues,
  type HourlyRateWithRefs,
} from './hire-rates-repository.ts';

function toValues(body: HourlyRateBody): HourlyRateValues {
  return {
    carId: body.carId,
    seasonId: body.seasonId,
    pricePerHourCents: eurosToCents(body.pricePerHour),
    minHours: body.minHours,
    kmIncludedPerHour: body.kmIncludedPerHour,
    pricePerExtraKmCents: eurosToCents(body.pricePerExtraKm),
    pricePerDayCents: body.pricePerDay === undefined ? null : eurosToCents(body.pricePerDay),
  };
}

/**
 * The database keeps one rate per car and season (a unique index) and refuses an unknown car or
 * season (foreign keys), whichever admin saves first: each is answered as the field's error.
 */
function explainConstraint(error: unknown): never {
  if (isPgError(error, UNIQUE_VIOLATION)) throw new AppError(409, 'hire_rate_exists', {}, [{ path: 'seasonId', message: 'hire_rate_exists' }]);
  if (isPgError(error, FOREIGN_KEY_VIOLATION, 'hourly_rates_car_id_cars_id_fk')) throw fieldError('carId', 'car_not_exist');
  if (isPgError(error, FOREIGN_KEY_VIOLATION)) throw fieldError('seasonId', 'not_found');
  throw error;
}

async function withRefs(db: Db, id: number): Promise<HourlyRateWithRefs> {
  const row = await findHourlyRateWithRefs(db, id);
  if (!row) throw notFound();
  return row;
}

export async function getHourlyRates(db: Db, filter: { carId?: number; seasonId?: number }): Promise<HourlyRateWithRefs[]> {
  return listHourlyRates(db, filter);
}

export async function addHourlyRate(db: Db, body: HourlyRateBody): Promise<HourlyRateWithRefs> {
  const { id } = await insertHourlyRate(db, toValues(body)).catch(explainConstraint);
  return withRefs(db, id);
}

export async function editHourlyRate(db: Db, id: number, body: HourlyRateBody): Promise<HourlyRateWithRefs> {
  const updated = await updateHourlyRate(db, id, toValues(body)).catch(explainConstraint);
  if (!updated) throw notFound();
  return withRefs(db, id);
}

export async function removeHourlyRate(db: Db, id: number): Promise<{ id: number }> {
  const deleted = await deleteHourlyRate(db, id);
  if (!deleted) throw notFound();
  return { id: deleted.id };
}
