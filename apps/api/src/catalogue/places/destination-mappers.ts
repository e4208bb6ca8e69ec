import type { DestinationRow } from './destinations-repository.ts';
import { locateDestination } from './locate-destination.ts';
import type { DestinationItem } from '@vtc/shared/places/place-responses';

export const toDestinationItem = (row: DestinationRow): DestinationItem => ({
  id: row.id,
  name: row.name,
  originId: row.originId,
  ...locateDestination(row.name),
});
