import { divIcon, type DivIcon, type Marker } from 'leaflet';

/**
 * A marker drawn from text, never from HTML strings (titles are typed by customers): a badge
 * ("A", "1", "B", a count) of `size` px, centred on the point, and an optional label beside it.
 */
export function textIcon({ className, badge, label, size = 28 }: { className: string; badge: string; label?: string; size?: number }): DivIcon {
  const root = document.createElement('span');
  root.className = 'map-marker-body';
  const badgeElement = document.createElement('span');
  badgeElement.className = 'map-marker-badge';
  badgeElement.textContent = badge;
  root.append(badgeElement);
  if (label) {
    const labelElement = document.createElement('bdi');
    labelElement.className = 'map-marker-label';
    labelElement.textContent = label;
    // The frame is left to right (map geometry); a label reads in the page's direction.
    labelElement.dir = document.documentElement.dir || 'auto';
    root.append(labelElement);
  }
  return divIcon({ className: `map-marker ${className}`, html: root, iconSize: undefined, iconAnchor: [size / 2, size / 2] });
}

/** The name a screen reader gives the marker (Leaflet makes keyboard markers buttons). */
export function nameMarker(marker: Marker, name: string): void {
  const element = marker.getElement();
  element?.setAttribute('aria-label', name);
  element?.setAttribute('title', name);
}
