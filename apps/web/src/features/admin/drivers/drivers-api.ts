import type { DriverItem } from '@vtc/shared/drivers/driver-responses';
import type { DriverBody } from '@vtc/shared/drivers/driver-schemas';
import { crudResource } from '../../../lib/crud-resource';

export type Driver = DriverItem;

export const driversResource = crudResource<Driver, DriverBody>('/driver', ['admin', 'drivers']);
