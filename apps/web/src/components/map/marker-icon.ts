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

const SVG = 'http://www.w3.org/2000/svg';

/** The chauffeur's car on a tracking map: a car drawn in SVG in a badge, and its label beside it. */
export function carIcon(label: string, size = 36): DivIcon {
  const root = document.createElement('span');
  root.className = 'map-marker-body';
  const badge = document.createElement('span');
  badge.className = 'map-marker-badge map-car-badge';
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '20');
  svg.setAttribute('height', '20');
  svg.setAttribute('aria-hidden', 'true');
  const body = document.createElementNS(SVG, 'path');
  body.setAttribute('d', 'M5 11l1.6-4.2A2 2 0 0 1 8.5 5.5h7a2 2 0 0 1 1.9 1.3L19 11h.5a1.5 1.5 0 0 1 1.5 1.5V17h-2v1.5a1 1 0 0 1-2 0V17H7v1.5a1 1 0 0 1-2 0V17H3v-4.5A1.5 1.5 0 0 1 4.5 11zm2.2 0h9.6l-1.1-3a1 1 0 0 0-.9-.5H9.2a1 1 0 0 0-.9.5zM6.5 15a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5zm11 0a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5z');
  body.setAttribute('fill', 'currentColor');
  svg.append(body);
  badge.append(svg);
  const labelElement = document.createElement('bdi');
  labelElement.className = 'map-marker-label';
  labelElement.textContent = label;
  labelElement.dir = document.documentElement.dir || 'auto';
  root.append(badge, labelElement);
  return divIcon({ className: 'map-marker map-marker-car', html: root, iconSize: undefined, iconAnchor: [size / 2, size / 2] });
}
