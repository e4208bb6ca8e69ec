// Writes apps/web/src/components/map/basemap.json: the land and the land borders of the business
// area from Natural Earth (the `world-atlas` package), clipped to its box and rounded, so the maps
// work offline (decision 0096). Run `npm run map:basemap` after changing the box or the package.
import { writeFileSync } from 'node:fs';
import { feature, mesh } from 'topojson-client';
import countries from 'world-atlas/countries-10m.json' with { type: 'json' };
import land from 'world-atlas/land-10m.json' with { type: 'json' };
import { clipLine, clipRing, roundPositions, type Box, type Position } from '../packages/shared/src/map/clip-to-box.ts';

type Topology = Parameters<typeof feature>[0];
type TopoObject = Parameters<typeof feature>[1];

/** Spain to central Italy, Switzerland to the Balearics: every fixed town of the spec fits. */
const BOX: Box = { west: -6, south: 37, east: 15, north: 50 };
/** 0.001° (about 100 m), finer than Natural Earth 10m itself: 133 KB, 39 KB gzipped. */
const DECIMALS = 3;

const landTopology = land as unknown as Topology;
const landFeatures = feature(landTopology, landTopology.objects.land as TopoObject) as unknown as {
  features: { geometry: { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] } }[];
};
const polygons: Position[][][] = [];
for (const { geometry } of landFeatures.features) {
  const parts = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const part of parts) {
    const [outer, ...holes] = part.map((ring) => clipRing(ring, BOX)).map((ring) => ring && roundPositions(ring, DECIMALS));
    // A ring needs 4 positions (the first repeated last); an island smaller than the rounding goes.
    if (!outer || outer.length < 4) continue;
    polygons.push([outer, ...holes.filter((ring): ring is Position[] => ring !== null && ring !== undefined && ring.length >= 4)]);
  }
}

const countryTopology = countries as unknown as Topology;
const borders = mesh(countryTopology, countryTopology.objects.countries as Parameters<typeof mesh>[1], (a, b) => a !== b);
const lines = (borders.coordinates as Position[][])
  .flatMap((line) => clipLine(line, BOX))
  .map((line) => roundPositions(line, DECIMALS))
  .filter((line) => line.length >= 2);

const json = JSON.stringify({
  type: 'FeatureCollection',
  bbox: [BOX.west, BOX.south, BOX.east, BOX.north],
  features: [
    { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'MultiPolygon', coordinates: polygons } },
    { type: 'Feature', properties: { kind: 'border' }, geometry: { type: 'MultiLineString', coordinates: lines } },
  ],
});
writeFileSync(new URL('../apps/web/src/components/map/basemap.json', import.meta.url), `${json}\n`);
console.log(`basemap: ${polygons.length} land polygons, ${lines.length} border lines, ${(json.length / 1024).toFixed(0)} KB`);
