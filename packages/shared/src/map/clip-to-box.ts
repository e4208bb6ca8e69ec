/**
 * Clipping of the basemap's land polygons and border lines to the business area's box, used by
 * scripts/generate-basemap.ts so the bundled map holds only the region (decision 0096).
 * Coordinates are GeoJSON's [longitude, latitude].
 */

export type Position = [number, number];
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

type Edge = { inside: (p: Position) => boolean; cross: (a: Position, b: Position) => Position };

function edges(box: Box): Edge[] {
  const atLon = (a: Position, b: Position, lon: number): Position => [lon, a[1] + ((b[1] - a[1]) * (lon - a[0])) / (b[0] - a[0])];
  const atLat = (a: Position, b: Position, lat: number): Position => [a[0] + ((b[0] - a[0]) * (lat - a[1])) / (b[1] - a[1]), lat];
  return [
    { inside: (p) => p[0] >= box.west, cross: (a, b) => atLon(a, b, box.west) },
    { inside: (p) => p[0] <= box.east, cross: (a, b) => atLon(a, b, box.east) },
    { inside: (p) => p[1] >= box.south, cross: (a, b) => atLat(a, b, box.south) },
    { inside: (p) => p[1] <= box.north, cross: (a, b) => atLat(a, b, box.north) },
  ];
}

/**
 * A closed ring clipped to the box (Sutherland–Hodgman): the part of the land inside it, closed
 * again; null when nothing of it is inside. Parts cut off may leave edges along the box's sides,
 * which a filled polygon does not show.
 */
export function clipRing(ring: readonly Position[], box: Box): Position[] | null {
  let points = ring.slice(0, ring.length > 1 && samePoint(ring[0]!, ring.at(-1)!) ? -1 : undefined);
  for (const edge of edges(box)) {
    if (points.length === 0) break;
    const next: Position[] = [];
    points.forEach((current, index) => {
      const previous = points[(index + points.length - 1) % points.length]!;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) next.push(edge.cross(previous, current));
        next.push(current);
      } else if (edge.inside(previous)) {
        next.push(edge.cross(previous, current));
      }
    });
    points = next;
  }
  if (points.length < 3) return null;
  return [...points, points[0]!];
}

/** A line clipped to the box: the pieces of it inside, each of two points at least. */
export function clipLine(line: readonly Position[], box: Box): Position[][] {
  const pieces: Position[][] = [];
  let piece: Position[] = [];
  for (let index = 1; index < line.length; index += 1) {
    const segment = clipSegment(line[index - 1]!, line[index]!, box);
    if (!segment) {
      if (piece.length > 1) pieces.push(piece);
      piece = [];
      continue;
    }
    const [start, end] = segment;
    if (piece.length === 0 || !samePoint(piece.at(-1)!, start)) {
      if (piece.length > 1) pieces.push(piece);
      piece = [start];
    }
    piece.push(end);
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

/** The part of a segment inside the box (Liang–Barsky), or null. */
function clipSegment(a: Position, b: Position, box: Box): [Position, Position] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const checks: [number, number][] = [
    [-dx, a[0] - box.west],
    [dx, box.east - a[0]],
    [-dy, a[1] - box.south],
    [dy, box.north - a[1]],
  ];
  for (const [p, q] of checks) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  return [
    [a[0] + t0 * dx, a[1] + t0 * dy],
    [a[0] + t1 * dx, a[1] + t1 * dy],
  ];
}

/**
 * Coordinates rounded to `decimals` places (3: about 100 m) with the points that then repeat
 * dropped: what keeps the bundled file small.
 */
export function roundPositions(positions: readonly Position[], decimals: number): Position[] {
  const factor = 10 ** decimals;
  const rounded: Position[] = [];
  for (const [lon, lat] of positions) {
    const point: Position = [Math.round(lon * factor) / factor, Math.round(lat * factor) / factor];
    if (rounded.length === 0 || !samePoint(rounded.at(-1)!, point)) rounded.push(point);
  }
  return rounded;
}

function samePoint(a: Position, b: Position): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
