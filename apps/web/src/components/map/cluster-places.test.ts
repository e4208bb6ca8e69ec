import { describe, expect, it } from 'vitest';
import { CLUSTER_MIN_POINTS, CLUSTER_RADIUS_PX, clusterPlaces, type MapPlace } from './cluster-places';

const WORLD = [-180, -85, 180, 85] as [number, number, number, number];
/** Degrees of longitude spanning `pixels` CSS pixels at a Leaflet zoom (256-px tiles). */
const lonSpan = (pixels: number, zoom: number) => (pixels * 360) / (256 * 2 ** zoom);

const at = (id: number, lon: number, lat = 43.7): MapPlace => ({ id, lat, lon });

describe('clusterPlaces', () => {
  it('uses the spec defaults: grid 60, minimum cluster 2', () => {
    expect([CLUSTER_RADIUS_PX, CLUSTER_MIN_POINTS]).toEqual([60, 2]);
  });

  it('merges two markers closer than 60 screen pixels, not two further apart', () => {
    const zoom = 10;
    const near = clusterPlaces([at(1, 7), at(2, 7 + lonSpan(50, zoom))]).at(WORLD, zoom);
    expect(near).toEqual([expect.objectContaining({ kind: 'cluster', count: 2 })]);
    const far = clusterPlaces([at(1, 7), at(2, 7 + lonSpan(75, zoom))]).at(WORLD, zoom);
    expect(far.map((item) => item.kind)).toEqual(['place', 'place']);
  });

  it('never makes a cluster of one, and a lone marker stays a marker', () => {
    const clusters = clusterPlaces([at(1, 7), at(2, 7.001), at(3, 9)]).at(WORLD, 8);
    expect(clusters.map((item) => (item.kind === 'cluster' ? `cluster of ${item.count}` : `place ${item.place.id}`)).sort()).toEqual([
      'cluster of 2',
      'place 3',
    ]);
  });

  it('tells the zoom at which a cluster falls apart, where its markers are separate', () => {
    const places = [at(1, 7.26), at(2, 7.42), at(3, 7.5)];
    const index = clusterPlaces(places);
    const [cluster] = index.at(WORLD, 6);
    expect(cluster).toMatchObject({ kind: 'cluster', count: 3 });
    const zoom = index.expansionZoom((cluster as { id: number }).id);
    expect(zoom).toBeGreaterThan(6);
    expect(index.at(WORLD, zoom).length).toBeGreaterThan(1);
  });
});
