import { lazy, Suspense, useMemo } from 'react';
import type { PlaceOut } from '@vtc/shared/booking/booking-responses';
import { tripMapPoints, type TripMapPoint } from './route-points';
import './map-placeholder.css';

// Leaflet and the basemap load with the first map only: the pages around it stay light.
const RouteMapView = lazy(() => import('./route-map-view').then((module) => ({ default: module.RouteMapView })));

type Place = Pick<PlaceOut, 'title' | 'lat' | 'lon'>;

/** The trip on a map; nothing when fewer than two of its places have coordinates. */
export function RouteMap({ trip }: { trip: { origin: Place; stops: readonly Place[]; destination: Place } }) {
  // The same points keep the same array, so the map is not redrawn at each render of the page.
  const key = JSON.stringify(tripMapPoints(trip));
  const points = useMemo(() => JSON.parse(key) as TripMapPoint[], [key]);
  if (points.length < 2) return null;
  return (
    <Suspense fallback={<div className="map-placeholder" aria-hidden="true" />}>
      <RouteMapView points={points} />
    </Suspense>
  );
}
