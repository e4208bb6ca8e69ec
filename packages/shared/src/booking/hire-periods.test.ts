import { describe, expect, it } from 'vitest';
import { hirePeriods } from './hire-periods.ts';

describe('hirePeriods', () => {
  it('gives a transfer no block, an hourly hire and a tour one block to their booked end', () => {
    const pickupAt = new Date('2030-06-01T08:00:00Z');
    expect(hirePeriods({ serviceType: 'transfer', pickupAt, endsAt: null, hireMinutes: null, hireDays: null })).toEqual([]);
    expect(hirePeriods({ serviceType: 'hourly', pickupAt, endsAt: new Date('2030-06-01T13:00:00Z'), hireMinutes: 300, hireDays: null })).toEqual([
      { day: null, start: pickupAt, end: new Date('2030-06-01T13:00:00Z') },
    ]);
    expect(hirePeriods({ serviceType: 'tour', pickupAt, endsAt: null, hireMinutes: 240, hireDays: null })[0]?.end).toEqual(new Date('2030-06-01T12:00:00Z'));
  });

  it('gives a hire by the day one block of 8 hours per day at the pickup’s Paris time, across a clock change', () => {
    // Saturday 28 March 2026, 09:00 in Paris (UTC+1); summer time starts on the Sunday.
    const pickupAt = new Date('2026-03-28T08:00:00Z');
    const periods = hirePeriods({ serviceType: 'daily', pickupAt, endsAt: new Date('2026-03-30T15:00:00Z'), hireMinutes: null, hireDays: 3 });
    expect(periods.map((period) => [period.day, period.start.toISOString(), period.end.toISOString()])).toEqual([
      [1, '2026-03-28T08:00:00.000Z', '2026-03-28T16:00:00.000Z'],
      [2, '2026-03-29T07:00:00.000Z', '2026-03-29T15:00:00.000Z'],
      [3, '2026-03-30T07:00:00.000Z', '2026-03-30T15:00:00.000Z'],
    ]);
  });
});
