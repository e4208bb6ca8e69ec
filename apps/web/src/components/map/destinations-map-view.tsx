import { latLngBounds, layerGroup, marker, type LeafletEvent } from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { clusterPlaces, type DestinationsMapPlace } from './cluster-places';
import { nameMarker, textIcon } from './marker-icon';
import { useBaseMap } from './use-base-map';
import './map.css';

/** A marker's click, or Enter or Space on it when it has the keyboard's focus. */
const pressed = (event: LeafletEvent) =>
  event.type === 'click' || ['Enter', ' '].includes((event as LeafletEvent & { originalEvent: KeyboardEvent }).originalEvent.key);

/**
 * Places on a map, clustered (grid 60, minimum cluster 2): a cluster shows its count and zooms
 * in when pressed; a place shows its label and is pressed to choose it.
 */
export function DestinationsMapView({ places, label, onChoose }: { places: readonly DestinationsMapPlace[]; label: string; onChoose?: (id: number) => void }) {
  const { t } = useTranslation();
  const { element, map } = useBaseMap();

  useEffect(() => {
    if (!map) return;
    const clusters = clusterPlaces(places);
    const layer = layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const bounds = map.getBounds();
      for (const item of clusters.at([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], map.getZoom())) {
        if (item.kind === 'cluster') {
          const added = marker([item.lat, item.lon], {
            icon: textIcon({ className: 'map-marker-cluster', badge: String(item.count), size: 36 }),
            zIndexOffset: 200,
          }).addTo(layer);
          added.on('click keypress', (event) => pressed(event) && map.flyTo([item.lat, item.lon], Math.min(clusters.expansionZoom(item.id), map.getMaxZoom()), { duration: 0.4 }));
          nameMarker(added, t('map.cluster', { count: item.count }));
          continue;
        }
        const { place } = item;
        const added = marker([item.lat, item.lon], {
          icon: textIcon({ className: 'map-marker-place', badge: '', label: place.label, size: 16 }),
        }).addTo(layer);
        if (onChoose) added.on('click keypress', (event) => pressed(event) && onChoose(place.id));
        nameMarker(added, place.label);
      }
    };
    map.on('zoomend moveend', draw);
    map.fitBounds(latLngBounds(places.map((place): [number, number] => [place.lat, place.lon])), { padding: [40, 40], maxZoom: 11 });
    draw();
    return () => {
      map.off('zoomend moveend', draw);
      layer.remove();
    };
  }, [map, places, onChoose, t]);

  return <div ref={element} className="map-frame" role="region" aria-label={label} dir="ltr" />;
}
