import { latLng, latLngBounds, marker, polyline, type Marker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { carIcon, nameMarker, textIcon } from './marker-icon';
import type { TripMapPoint } from './route-points';
import { useBaseMap } from './use-base-map';
import './map.css';

/** Where the chauffeur's car was last seen, on a tracking map (decision 0132). */
export type MapCar = { lat: number; lon: number; label: string };

/**
 * The trip on a map: a marker per point (A departure, 1 2 … stops, B arrival) and straight lines
 * between them; with `car`, the chauffeur's car, moved (not redrawn) at each new position.
 */
export function RouteMapView({ points, car = null, caption }: { points: readonly TripMapPoint[]; car?: MapCar | null; caption?: string }) {
  const { t } = useTranslation();
  const { element, map } = useBaseMap();
  const carMarker = useRef<Marker>(undefined);

  // The car's marker lives with the map: made at the first position, moved after, gone with the map.
  useEffect(() => {
    if (!map) return;
    return () => {
      carMarker.current?.remove();
      carMarker.current = undefined;
    };
  }, [map]);

  const carLat = car?.lat;
  const carLon = car?.lon;
  const carLabel = car?.label;
  useEffect(() => {
    if (!map) return;
    if (carLat === undefined || carLon === undefined || carLabel === undefined) {
      carMarker.current?.remove();
      carMarker.current = undefined;
      return;
    }
    const at = latLng(carLat, carLon);
    if (carMarker.current) {
      carMarker.current.setLatLng(at);
      if (!map.getBounds().contains(at)) map.panTo(at);
    } else {
      carMarker.current = marker(at, { icon: carIcon(carLabel), interactive: false, keyboard: false, zIndexOffset: 1000 }).addTo(map);
      nameMarker(carMarker.current, carLabel);
      carMarker.current.getElement()?.setAttribute('role', 'img');
      const bounds = latLngBounds(points.map((point): [number, number] => [point.lat, point.lon])).extend(at);
      map.fitBounds(bounds, { padding: [48, 48], maxZoom: 14 });
    }
    const element = carMarker.current.getElement();
    element?.setAttribute('data-lat', String(carLat));
    element?.setAttribute('data-lon', String(carLon));
  }, [map, points, carLat, carLon, carLabel]);

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
      <figcaption className="map-caption">{caption ?? t('map.routeCaption')}</figcaption>
    </figure>
  );
}
