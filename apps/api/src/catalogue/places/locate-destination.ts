import { locateByTitle } from './gazetteer.ts';

export type Coordinates = { lat: number | null; lon: number | null };

const known = new Map<string, Coordinates>();

/**
 * Where a price-list destination is, for the map of the price list: destinations are stored by
 * name only, so the gazetteer finds them by that name (fixed places, then the largest town of that
 * name). Nulls when the name is no place it knows: the map leaves that destination out.
 */
export function locateDestination(name: string): Coordinates {
  let found = known.get(name);
  if (!found) {
    const place = locateByTitle(name);
    found = place ? { lat: place.lat, lon: place.lon } : { lat: null, lon: null };
    known.set(name, found);
  }
  return found;
}
