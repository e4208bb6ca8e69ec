import { lazy, Suspense, useMemo } from 'react';
import type { PlaceOut } from '@vtc/shared/booking/booking-responses';
import { useAfterPaint } from '../../lib/use-after-paint';
import type { MapCar } from './route-map-view';
import { tripMapPoints, type TripMapPoint } from './route-points';
import './map-placeholder.css';

// Leaflet and the basemap load with the first map only, once the page around it is painted: the
// pages around it stay light and their first paint does not wait for them (docs/decisions/0124).
const RouteMapView = lazy(() => import('./route-map-view').then((module) => ({ default: module.RouteMapView })));

type Place = Pick<PlaceOut, 'title' | 'lat' | 'lon'>;

/** The trip on a map; nothing when fewer than two of its places have coordinates. */
export function RouteMap({
  trip,
  car,
  caption,
}: {
  trip: { origin: Place; stops: readonly Place[]; destination: Place };
  car?: MapCar | null;
  caption?: string;
}) {
  // The same points keep the same array, so the map is not redrawn at each render of the page.
  const key = JSON.stringify(tripMapPoints(trip));
  const points = useMemo(() => JSON.parse(key) as TripMapPoint[], [key]);
  const painted = useAfterPaint();
  if (points.length < 2) return null;
  const placeholder = <div className="map-placeholder" aria-hidden="true" />;
  if (!painted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RouteMapView points={points} car={car} caption={caption} />
    </Suspense>
  );
}
