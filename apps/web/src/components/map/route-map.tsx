import { lazy, Suspense, useMemo, useRef } from 'react';
import type { PlaceOut } from '@vtc/shared/booking/booking-responses';
import { useAfterPaint } from '../../lib/use-after-paint';
import { useNearViewport } from '../../lib/use-near-viewport';
import type { MapCar } from './route-map-view';
import { tripMapPoints, type TripMapPoint } from './route-points';
import './map-placeholder.css';

// Leaflet and the basemap load with the first map only, once the page around it is painted: the
// pages around it stay light and their first paint does not wait for them (docs/decisions/0124).
const RouteMapView = lazy(() => import('./route-map-view').then((module) => ({ default: module.RouteMapView })));

type Place = Pick<PlaceOut, 'title' | 'lat' | 'lon'>;

/**
 * The trip on a map; nothing when fewer than two of its places have coordinates. With `whenNear`,
 * the map waits until the visitor scrolls within a quarter of a screen of it: under step two's
 * list of cars on a phone, Leaflet's download and first drawing (about 180 ms of the main thread
 * here, more than the page's own first render) do not run while the page starts, only when the
 * visitor heads for the map (docs/decisions/0166).
 */
export function RouteMap({
  trip,
  car,
  caption,
  whenNear = false,
}: {
  trip: { origin: Place; stops: readonly Place[]; destination: Place };
  car?: MapCar | null;
  caption?: string;
  whenNear?: boolean;
}) {
  // The same points keep the same array, so the map is not redrawn at each render of the page.
  const key = JSON.stringify(tripMapPoints(trip));
  const points = useMemo(() => JSON.parse(key) as TripMapPoint[], [key]);
  const painted = useAfterPaint();
  const placeholderRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(placeholderRef, whenNear, '25%');
  if (points.length < 2) return null;
  const placeholder = <div ref={placeholderRef} className="map-placeholder" aria-hidden="true" />;
  if (!painted || (whenNear && !near)) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RouteMapView points={points} car={car} caption={caption} />
    </Suspense>
  );
}
