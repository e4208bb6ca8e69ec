import type { DriverItem } from '@vtc/shared/drivers/driver-responses';
import type { DriverLanguage } from '@vtc/shared/drivers/driver-schemas';
import type { DriverRow } from './drivers-repository.ts';

export const toDriverItem = (row: DriverRow): DriverItem => ({
  id: row.id,
  fullName: row.fullName,
  phone: row.phone,
  email: row.email,
  // The database refuses any other code (drivers_languages_check).
  languages: row.languages as DriverLanguage[],
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
