/** What a car can take. */
export interface CarCapacity {
  seats: number;
  packages: number;
}

/** The party of a booking: people (children in child seats are among `children`) and luggage. */
export interface Party {
  adults: number;
  children: number;
  luggage: { under10kg: number; above10kg: number; above30kg: number };
}

export function luggageCount(luggage: Party['luggage']): number {
  return luggage.under10kg + luggage.above10kg + luggage.above30kg;
}

/**
 * A car fits a party when adults + children <= seats and the pieces of luggage (all classes
 * together) <= packages (spec section 4, decisions 4). Otherwise the car is `car_not_allowed`.
 */
export function checkCarFits(car: CarCapacity, party: Party): boolean {
  return party.adults + party.children <= car.seats && luggageCount(party.luggage) <= car.packages;
}
