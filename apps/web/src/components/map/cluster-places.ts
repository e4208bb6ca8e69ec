import Supercluster from 'supercluster';

/**
 * The spec's marker clustering defaults, "grid 60, minimum cluster 2" (decision 0096): markers
 * closer than 60 screen pixels merge, and a cluster holds at least two of them. Supercluster
 * measures its radius on tiles of `extent` pixels; Leaflet's tiles are 256 px, so with an extent of
 * 256 the radius is in CSS pixels at every zoom.
 */
export const CLUSTER_RADIUS_PX = 60;
export const CLUSTER_MIN_POINTS = 2;
const LEAFLET_TILE_SIZE = 256;
const CLUSTER_MAX_ZOOM = 16;

export interface MapPlace {
  id: number;
  lat: number;
  lon: number;
}

/** A place of a clustered map: where, and what its marker says (e.g. "Monaco · from 80 €"). */
export interface DestinationsMapPlace extends MapPlace {
  label: string;
}

type PlaceProperties<T extends MapPlace> = { place: T };

/** A cluster, or one of the places given, as given (with its label, for instance). */
export type PlaceCluster<T extends MapPlace = MapPlace> =
  | { kind: 'cluster'; id: number; lat: number; lon: number; count: number }
  | { kind: 'place'; place: T; lat: number; lon: number };

export interface PlaceClusters<T extends MapPlace = MapPlace> {
  /** What to draw for the view's box [west, south, east, north] at a zoom. */
  at: (box: [number, number, number, number], zoom: number) => PlaceCluster<T>[];
  /** The zoom at which a cluster falls apart: clicking it zooms there. */
  expansionZoom: (clusterId: number) => number;
}

export function clusterPlaces<T extends MapPlace>(places: readonly T[]): PlaceClusters<T> {
  const index = new Supercluster<PlaceProperties<T>, Record<string, never>>({
    radius: CLUSTER_RADIUS_PX,
    minPoints: CLUSTER_MIN_POINTS,
    extent: LEAFLET_TILE_SIZE,
    maxZoom: CLUSTER_MAX_ZOOM,
  });
  index.load(
    places.map((place) => ({ type: 'Feature', properties: { place }, geometry: { type: 'Point', coordinates: [place.lon, place.lat] } })),
  );
  return {
    at: (box, zoom) =>
      index.getClusters(box, Math.round(zoom)).map((feature): PlaceCluster<T> => {
        const [lon, lat] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties;
        return 'cluster' in properties && properties.cluster
          ? { kind: 'cluster', id: properties.cluster_id, lat, lon, count: properties.point_count }
          : { kind: 'place', place: (properties as PlaceProperties<T>).place, lat, lon };
      }),
    expansionZoom: (clusterId) => index.getClusterExpansionZoom(clusterId),
  };
}
