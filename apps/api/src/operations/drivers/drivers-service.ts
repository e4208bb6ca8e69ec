import type { DriverBody } from '@vtc/shared/drivers/driver-schemas';
import type { Db } from '../../platform/db/client.ts';
import { conflict, notFound } from '../../platform/lib/app-error.ts';
import { deleteDriver, hasTripsToCome, insertDriver, listDrivers, lockDriver, updateDriver, type DriverRow } from './drivers-repository.ts';

export async function getDrivers(db: Db): Promise<DriverRow[]> {
  return listDrivers(db);
}

export async function addDriver(db: Db, body: DriverBody): Promise<DriverRow> {
  return insertDriver(db, body);
}

export async function editDriver(db: Db, id: number, body: DriverBody): Promise<DriverRow> {
  const driver = await updateDriver(db, id, body);
  if (!driver) throw notFound();
  return driver;
}

/**
 * A chauffeur with trips to come cannot be deleted, only made inactive (issue 11): 409
 * driver_has_trips. Past, cancelled and rejected trips do not hold them.
 */
export async function removeDriver(db: Db, id: number, now: Date = new Date()): Promise<DriverRow> {
  return db.transaction(async (tx) => {
    if (!(await lockDriver(tx, id))) throw notFound();
    if (await hasTripsToCome(tx, id, now)) throw conflict('driver_has_trips');
    const driver = await deleteDriver(tx, id);
    if (!driver) throw notFound();
    return driver;
  });
}
