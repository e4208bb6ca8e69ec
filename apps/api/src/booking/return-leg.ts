import type { BookingWithStops } from './bookings-repository.ts';

/**
 * A round trip's return as a trip of its own (decision 0172): from the outbound's destination
 * back to its origin, at `return_at`, with the return's pickup details, without the outbound's
 * stops (the chauffeur's digest and mission read the return the same way). What is drawn for a
 * pickup (the reminder's mail and text) then reads the return's. Null for a one-way trip.
 */
export function returnLegOf(booking: BookingWithStops): BookingWithStops | null {
  if (!booking.returnRent || booking.returnAt === null) return null;
  return {
    ...booking,
    pickupAt: booking.returnAt,
    origin: booking.destination,
    destination: booking.origin,
    stops: [],
    rentFromType: booking.rentToType,
    rentToType: booking.rentFromType,
    address: booking.returnAddress,
    city: booking.returnCity,
    arriveTime: booking.returnArriveTime,
    arriveFrom: booking.returnArriveFrom,
    flightNumber: booking.returnFlightNumber,
    trainNumber: booking.returnTrainNumber,
    returnRent: false,
    returnAt: null,
  };
}
