import { describe, expect, it } from 'vitest';
import { clipLine, clipRing, roundPositions, type Box, type Position } from './clip-to-box.ts';

const box: Box = { west: 0, south: 0, east: 10, north: 10 };

describe('clipRing', () => {
  it('keeps a ring inside the box as it is, closed', () => {
    const ring: Position[] = [[1, 1], [2, 1], [2, 2], [1, 1]];
    expect(clipRing(ring, box)).toEqual(ring);
  });

  it('cuts a ring crossing the box to the part inside', () => {
    const square: Position[] = [[-5, 2], [5, 2], [5, 4], [-5, 4], [-5, 2]];
    const clipped = clipRing(square, box)!;
    expect(clipped.at(0)).toEqual(clipped.at(-1));
    expect(clipped.every(([lon, lat]) => lon >= 0 && lon <= 10 && lat >= 0 && lat <= 10)).toBe(true);
    expect(new Set(clipped.map((point) => point.join(',')))).toEqual(new Set(['0,2', '5,2', '5,4', '0,4']));
  });

  it('drops a ring wholly outside', () => {
    expect(clipRing([[20, 20], [21, 20], [21, 21], [20, 20]], box)).toBeNull();
  });

  it('turns a ring around the whole box into the box', () => {
    const clipped = clipRing([[-1, -1], [11, -1], [11, 11], [-1, 11], [-1, -1]], box)!;
    expect(new Set(clipped.map((point) => point.join(',')))).toEqual(new Set(['0,0', '10,0', '10,10', '0,10']));
  });
});

describe('clipLine', () => {
  it('keeps the pieces inside, split where the line leaves and comes back', () => {
    const line: Position[] = [[-2, 5], [2, 5], [2, 12], [4, 12], [4, 5], [6, 5]];
    expect(clipLine(line, box)).toEqual([
      [[0, 5], [2, 5], [2, 10]],
      [[4, 10], [4, 5], [6, 5]],
    ]);
  });

  it('gives nothing for a line outside', () => {
    expect(clipLine([[11, 0], [12, 5]], box)).toEqual([]);
  });
});

describe('roundPositions', () => {
  it('rounds and drops the points that then repeat', () => {
    expect(roundPositions([[7.2621, 43.7102], [7.2624, 43.7098], [7.27, 43.71]], 3)).toEqual([
      [7.262, 43.71],
      [7.27, 43.71],
    ]);
  });
});
