import type { CarRow } from './cars-repository.ts';
import type { CarItem } from '@vtc/shared/cars/car-responses';

export function toCarItem(row: CarRow): CarItem {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    model: row.model,
    seats: row.seats,
    packages: row.packages,
    img_url: row.imgUrl,
    createdAt: row.createdAt.toISOString(),
  };
}
