import type { OriginRow } from './origins-repository.ts';
import type { OriginItem } from '@vtc/shared/places/place-responses';

export const toOriginItem = (row: OriginRow): OriginItem => ({ id: row.id, name: row.name, title: row.title });
