import { latLngBounds, marker, polyline } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { nameMarker, textIcon } from './marker-icon';
import type { TripMapPoint } from './route-points';
import { useBaseMap } from './use-base-map';
import './map.css';

/** The trip on a map: a marker per point (A departure, 1 2 … stops, B arrival) and straight lines between them. */
export function RouteMapView({ points }: { points: readonly TripMapPoint[] }) {
  const { t } = useTranslation();
  const { element, map } = useBaseMap();

  useEffect(() => {
    if (!map) return;
    const latLngs = points.map((point): [number, number] => [point.lat, point.lon]);
    const line = polyline(latLngs, { className: 'map-route-line', interactive: false }).addTo(map);
    const markers = points.map((point) => {
      const kind = point.kind === 'origin' ? t('map.origin') : point.kind === 'destination' ? t('map.destination') : t('map.stop', { number: point.stopNumber });
      const badge = point.kind === 'origin' ? 'A' : point.kind === 'destination' ? 'B' : String(point.stopNumber);
      const added = marker([point.lat, point.lon], {
        icon: textIcon({ className: `map-marker-${point.kind}`, badge, label: point.title }),
        interactive: false,
        keyboard: false,
        zIndexOffset: point.kind === 'stop' ? 0 : 100,
      }).addTo(map);
      nameMarker(added, t('map.pointName', { kind, place: point.title }));
      added.getElement()?.setAttribute('role', 'img');
      return added;
    });
    map.fitBounds(latLngBounds(latLngs), { padding: [48, 48], maxZoom: 13 });
    return () => {
      line.remove();
      for (const added of markers) added.remove();
    };
  }, [map, points, t]);

  return (
    <figure className="map-figure">
      <div ref={element} className="map-frame" role="region" aria-label={t('map.routeLabel')} dir="ltr" />
      <figcaption className="map-caption">{t('map.routeCaption')}</figcaption>
    </figure>
  );
}
