import { describe, expect, it } from 'vitest';
import { waitingMinutesAt } from './waiting-time.ts';

describe('waitingMinutesAt', () => {
  it('gives the airport, station or other waiting time by the kind of pickup', () => {
    const minutes = { airport: 60, station: 30, other: 15 };
    expect(waitingMinutesAt('airport', minutes)).toBe(60);
    expect(waitingMinutesAt('station', minutes)).toBe(30);
    expect(waitingMinutesAt('address', minutes)).toBe(15);
    expect(waitingMinutesAt('town', minutes)).toBe(15);
  });
});
