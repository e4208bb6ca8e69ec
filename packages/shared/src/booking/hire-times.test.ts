import { describe, expect, it } from 'vitest';
import { parseParisDateTimeLocal } from '../time/paris-time.ts';
import { hireBlocks, hireEndsAt } from './hire-times.ts';

const paris = (local: string) => parseParisDateTimeLocal(local)!;

describe('a hire’s blocks of time and booked end (decision 0127)', () => {
  it('by the hour or a tour: one block from pickup for its minutes', () => {
    const pickupAt = paris('2027-06-10T10:00');
    expect(hireBlocks({ serviceType: 'hourly', pickupAt, hireMinutes: 330, hireDays: null })).toEqual([
      { day: 1, from: pickupAt, to: paris('2027-06-10T15:30') },
    ]);
    expect(hireEndsAt({ serviceType: 'tour', pickupAt, hireMinutes: 240, hireDays: null })).toEqual(paris('2027-06-10T14:00'));
  });

  it('by the day: the pickup’s time of day on each calendar day, for 8 hours, across the clock change', () => {
    // Summer time starts on Sunday 28 March 2027: 09:00 is 08:00 UTC on the 27th, 07:00 UTC after.
    const blocks = hireBlocks({ serviceType: 'daily', pickupAt: paris('2027-03-27T09:00'), hireMinutes: null, hireDays: 3 })!;
    expect(blocks.map((block) => [block.day, block.from.toISOString(), block.to.toISOString()])).toEqual([
      [1, '2027-03-27T08:00:00.000Z', '2027-03-27T16:00:00.000Z'],
      [2, '2027-03-28T07:00:00.000Z', '2027-03-28T15:00:00.000Z'],
      [3, '2027-03-29T07:00:00.000Z', '2027-03-29T15:00:00.000Z'],
    ]);
    expect(hireEndsAt({ serviceType: 'daily', pickupAt: paris('2027-03-27T09:00'), hireMinutes: null, hireDays: 3 })).toEqual(paris('2027-03-29T17:00'));
  });

  it('a transfer, or a hire without its duration, has none', () => {
    const pickupAt = paris('2027-06-10T10:00');
    expect(hireBlocks({ serviceType: 'transfer', pickupAt, hireMinutes: null, hireDays: null })).toBeNull();
    expect(hireEndsAt({ serviceType: 'daily', pickupAt, hireMinutes: null, hireDays: null })).toBeNull();
  });
});
