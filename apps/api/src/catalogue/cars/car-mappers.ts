import type { CarRow } from './cars-repository.ts';
import type { CarItem, UpcomingCarBooking } from '@vtc/shared/cars/car-responses';
import type { UpcomingBookingRow } from './cars-repository.ts';

export function toCarItem(row: CarRow): CarItem {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    model: row.model,
    seats: row.seats,
    packages: row.packages,
    img_url: row.imgUrl,
    hidden: row.hidden,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toUpcomingCarBooking(row: UpcomingBookingRow): UpcomingCarBooking {
  return {
    id: row.id,
    status: row.status,
    pickupAt: row.pickupAt.toISOString(),
    fullName: row.fullName,
    origin: row.origin.title,
    destination: row.destination.title,
  };
}
