import type { PlaceOut } from '@vtc/shared/booking/booking-responses';

type Place = Pick<PlaceOut, 'title' | 'lat' | 'lon'>;

/** A point of a trip's map: departure, a stop (numbered from 1) or arrival. */
export interface TripMapPoint {
  kind: 'origin' | 'stop' | 'destination';
  /** The stop's number on the trip (1, 2 …), counted among all stops, also those left off the map. */
  stopNumber?: number;
  title: string;
  lat: number;
  lon: number;
}

/**
 * The points of a trip to draw, in order: departure, each stop, arrival. Places without
 * coordinates are left out, and with fewer than two points left there is no route to show: [].
 */
export function tripMapPoints(trip: { origin: Place; stops: readonly Place[]; destination: Place }): TripMapPoint[] {
  const points: (TripMapPoint | null)[] = [
    located(trip.origin, 'origin'),
    ...trip.stops.map((stop, index) => located(stop, 'stop', index + 1)),
    located(trip.destination, 'destination'),
  ];
  const kept = points.filter((point): point is TripMapPoint => point !== null);
  return kept.length < 2 ? [] : kept;
}

function located(place: Place, kind: TripMapPoint['kind'], stopNumber?: number): TripMapPoint | null {
  if (place.lat === null || place.lon === null || !Number.isFinite(place.lat) || !Number.isFinite(place.lon)) return null;
  return { kind, title: place.title, lat: place.lat, lon: place.lon, ...(stopNumber === undefined ? {} : { stopNumber }) };
}
