import { checkCarFits, luggageCount, type CarCapacity, type Party } from './check-car-fits.ts';

/**
 * Cars of the fleet that together take a party no single car can (decision 0100): the largest
 * first, until the seats and the luggage space are enough. Empty when one car is enough, or when
 * even the whole fleet is not.
 */
export function splitParty<Car extends CarCapacity>(cars: readonly Car[], party: Party): Car[] {
  if (cars.some((car) => checkCarFits(car, party))) return [];
  const people = party.adults + party.children;
  const luggage = luggageCount(party.luggage);
  const bySize = [...cars].sort((a, b) => b.seats - a.seats || b.packages - a.packages);
  const chosen: Car[] = [];
  let seats = 0;
  let packages = 0;
  for (const car of bySize) {
    if (seats >= people && packages >= luggage) break;
    chosen.push(car);
    seats += car.seats;
    packages += car.packages;
  }
  return seats >= people && packages >= luggage ? chosen : [];
}
