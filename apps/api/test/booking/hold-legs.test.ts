import { describe, expect, it } from 'vitest';
import { holdLegs, tripMinutes } from '../../src/booking/holds/hold-legs.ts';

describe('the time a booking holds its car', () => {
  const pickupAt = new Date('2027-04-15T08:00:00Z');

  it('uses the listed duration, else the distance at the average speed rounded up to the minute', () => {
    expect(tripMinutes(25, 35, 60)).toBe(35);
    expect(tripMinutes(25, null, 60)).toBe(25);
    expect(tripMinutes(25.2, null, 60)).toBe(26);
    expect(tripMinutes(100, null, 80)).toBe(75);
  });

  it('runs from pickup to pickup + duration + buffer, and again from the return pickup', () => {
    expect(holdLegs({ pickupAt, returnAt: null }, { outbound: 35, return: 35 }, 30)).toEqual([
      { leg: 'outbound', from: pickupAt, to: new Date('2027-04-15T09:05:00Z') },
    ]);
    const returnAt = new Date('2027-04-15T16:00:00Z');
    expect(holdLegs({ pickupAt, returnAt }, { outbound: 35, return: 50 }, 0)).toEqual([
      { leg: 'outbound', from: pickupAt, to: new Date('2027-04-15T08:35:00Z') },
      { leg: 'return', from: returnAt, to: new Date('2027-04-15T16:50:00Z') },
    ]);
  });
});
