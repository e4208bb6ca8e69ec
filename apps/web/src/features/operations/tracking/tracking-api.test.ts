import type { Tracking } from '@vtc/shared/missions/tracking-responses';
import { describe, expect, it } from 'vitest';
import { applyUpdate } from './tracking-api';

const shown: Tracking = {
  id: 7,
  status: 'en_route',
  position: { lat: 43.66, lon: 7.22, accuracy: 10, at: '2030-05-01T10:00:10.000Z' },
  arrival: { at: '2030-05-01T10:12:00.000Z', minutes: 12 },
  pickupAt: '2030-05-01T10:30:00.000Z',
  origin: { title: 'Nice', lat: 43.7, lon: 7.26 },
  stops: [],
  destination: { title: 'Monaco', lat: 43.73, lon: 7.42 },
  driver: { firstName: 'Karim' },
  car: { name: 'Mercedes Classe V', plate: 'GH-284-VT' },
};

describe('applyUpdate', () => {
  it('takes a newer position and its estimate', () => {
    const next = applyUpdate(shown, { status: 'en_route', position: { lat: 43.68, lon: 7.24, accuracy: 8, at: '2030-05-01T10:00:15.000Z' }, arrival: { at: '2030-05-01T10:10:00.000Z', minutes: 10 } });
    expect(next).toMatchObject({ position: { lat: 43.68 }, arrival: { minutes: 10 }, driver: { firstName: 'Karim' } });
  });

  it('keeps the shown position when an older one of the same step comes late', () => {
    expect(applyUpdate(shown, { status: 'en_route', position: { lat: 43.6, lon: 7.2, accuracy: 8, at: '2030-05-01T10:00:05.000Z' }, arrival: null })).toBe(shown);
  });

  it('follows a step, which may take the position away', () => {
    expect(applyUpdate(shown, { status: 'on_board', position: null, arrival: null })).toMatchObject({ status: 'on_board', position: null, arrival: null });
  });
});
