import { control, geoJSON, map as createMap, tileLayer, type Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import basemap from './basemap.json';

export interface BaseMapOptions {
  /** Raster tiles over the basemap (public configuration), or null for the basemap alone. */
  tiles: { url: string; attribution: string | null } | null;
  zoomInTitle: string;
  zoomOutTitle: string;
  rtl: boolean;
}

/**
 * A Leaflet map on the bundled basemap of the region (land, sea, borders: decision 0096) and,
 * when configured, real tiles over it. A tile that does not load leaves the basemap showing: the
 * tile layer only reports `tileerror`. The map does not take the page's scroll: no wheel zoom,
 * and on touch screens no one-finger drag (pinch zooms; the buttons zoom too).
 */
export function createBaseMap(element: HTMLElement, options: BaseMapOptions): LeafletMap {
  const touch = window.matchMedia('(pointer: coarse)').matches;
  const map = createMap(element, {
    zoomControl: false,
    attributionControl: false,
    scrollWheelZoom: false,
    dragging: !touch,
    touchZoom: true,
    zoomSnap: 0.5,
    minZoom: 4,
    maxZoom: 17,
  });
  // A view before any layer: Leaflet draws vector layers only on a map that has one. Callers then fit their points.
  map.setView([43.7, 7.26], 8);
  control
    .zoom({ position: options.rtl ? 'topright' : 'topleft', zoomInTitle: options.zoomInTitle, zoomOutTitle: options.zoomOutTitle })
    .addTo(map);
  geoJSON(basemap as unknown as GeoJSON.FeatureCollection, {
    interactive: false,
    style: (feature?: GeoJSON.Feature) => ({ className: feature?.properties?.kind === 'border' ? 'map-border' : 'map-land' }),
  }).addTo(map);
  if (options.tiles) {
    tileLayer(options.tiles.url, { attribution: options.tiles.attribution ?? undefined, className: 'map-tiles' }).addTo(map);
    if (options.tiles.attribution) control.attribution({ prefix: false, position: options.rtl ? 'bottomleft' : 'bottomright' }).addTo(map);
  }
  return map;
}
