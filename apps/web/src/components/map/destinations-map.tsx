import { lazy, Suspense } from 'react';
import type { DestinationsMapPlace } from './cluster-places';
import './map-placeholder.css';

const DestinationsMapView = lazy(() => import('./destinations-map-view').then((module) => ({ default: module.DestinationsMapView })));


/**
 * Places on a clustered map, loaded with Leaflet on first use; nothing without places. `places`
 * should keep its identity while unchanged (useMemo): a new array redraws the map.
 */
export function DestinationsMap(props: { places: readonly DestinationsMapPlace[]; label: string; onChoose?: (id: number) => void }) {
  if (props.places.length === 0) return null;
  return (
    <Suspense fallback={<div className="map-placeholder" aria-hidden="true" />}>
      <DestinationsMapView {...props} />
    </Suspense>
  );
}
