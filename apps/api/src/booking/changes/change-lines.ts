import type { ChangeField } from '@vtc/shared/booking/booking-change-schemas';
import type { ChangeLineValue } from '../../platform/db/schema.ts';
import type { BookingWithStops } from '../bookings-repository.ts';

/** A booking as a change compares it: its columns, stops and the name of its car. */
export type ComparedBooking = BookingWithStops & { carName: string | null };

const instant = (value: Date | null) => (value ? value.toISOString() : null);
const joined = (...values: (string | null)[]) => {
  const kept = values.filter((value): value is string => Boolean(value));
  return kept.length > 0 ? kept.join(' · ') : null;
};

/** Each field of a change and how it reads a booking (values are data: see ChangeLine in packages/shared). */
const READERS: Record<ChangeField, (b: ComparedBooking) => string | null> = {
  pickup: (b) => instant(b.pickupAt),
  route: (b) => [b.origin, ...b.stops, b.destination].map((place) => place.title).join(' · '),
  return: (b) => (b.returnRent ? instant(b.returnAt) : null),
  party: (b) => `${b.adults}/${b.children}/${b.childrenSeat}`,
  luggage: (b) => `${b.luggageUnder10kg}/${b.luggageAbove10kg}/${b.luggageAbove30kg}`,
  car: (b) => b.carName,
  flightNumber: (b) => joined(b.flightNumber, b.returnRent ? b.returnFlightNumber : null),
  trainNumber: (b) => joined(b.trainNumber, b.returnRent ? b.returnTrainNumber : null),
  pickupDetails: (b) => joined(b.address, b.city, b.arriveTime, b.arriveFrom),
  returnDetails: (b) => (b.returnRent ? joined(b.returnAddress, b.returnCity, b.returnArriveTime, b.returnArriveFrom) : null),
  message: (b) => b.message,
  price: (b) => (b.totalCents === null ? null : String(b.totalCents)),
};

/** What differs between a booking and its changed self, field by field in a fixed order. */
export function changeLines(before: ComparedBooking, after: ComparedBooking): ChangeLineValue[] {
  return (Object.keys(READERS) as ChangeField[]).flatMap((field) => {
    const [was, is] = [READERS[field](before), READERS[field](after)];
    return was === is ? [] : [{ field, before: was, after: is }];
  });
}
