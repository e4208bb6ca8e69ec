import { describe, expect, it } from 'vitest';
import { tripMapPoints } from './route-points';

const nice = { title: 'Nice', lat: 43.7102, lon: 7.262 };
const cannes = { title: 'Cannes', lat: 43.5528, lon: 7.0174 };
const antibes = { title: 'Antibes', lat: 43.5808, lon: 7.1251 };
const nowhere = { title: '12 rue Inconnue', lat: null, lon: null };

describe('tripMapPoints', () => {
  it('gives departure, each stop with its number, then arrival', () => {
    expect(tripMapPoints({ origin: nice, stops: [antibes], destination: cannes })).toEqual([
      { kind: 'origin', title: 'Nice', lat: 43.7102, lon: 7.262 },
      { kind: 'stop', stopNumber: 1, title: 'Antibes', lat: 43.5808, lon: 7.1251 },
      { kind: 'destination', title: 'Cannes', lat: 43.5528, lon: 7.0174 },
    ]);
  });

  it('leaves out places without coordinates, stops keeping their number on the trip', () => {
    const points = tripMapPoints({ origin: nice, stops: [nowhere, antibes], destination: cannes });
    expect(points.map((point) => [point.kind, point.stopNumber, point.title])).toEqual([
      ['origin', undefined, 'Nice'],
      ['stop', 2, 'Antibes'],
      ['destination', undefined, 'Cannes'],
    ]);
  });

  it('gives nothing when fewer than two places can be drawn', () => {
    expect(tripMapPoints({ origin: nice, stops: [], destination: nowhere })).toEqual([]);
    expect(tripMapPoints({ origin: nowhere, stops: [nowhere], destination: nowhere })).toEqual([]);
  });

  it('draws a departure and arrival known only through a stop', () => {
    expect(tripMapPoints({ origin: nowhere, stops: [antibes], destination: cannes }).map((point) => point.kind)).toEqual(['stop', 'destination']);
  });
});
