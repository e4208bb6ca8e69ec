import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import {
  daysInMonth,
  parisDayStart,
  parisIsoDate,
  parisMonthStart,
  shiftIsoDate,
  formatDateFr,
  formatTime12h,
  getParisParts,
  getParisPartsByIntl,
  checkParisClockRule,
  restoreParisClockRule,
  isNightHour,
  isParisNight,
  isPickupTimeValid,
  isSameParisDay,
  isTimeOfDay,
  parisOffsetMinutes,
  parisWallTimeToInstant,
  parseParisDateTimeLocal,
  toParisDateTimeLocal,
} from './paris-time.ts';

const iso = (value: string) => new Date(value);

describe('parseParisDateTimeLocal', () => {
  it('reads winter and summer wall times with their offsets', () => {
    expect(parseParisDateTimeLocal('2026-12-24T18:30')?.toISOString()).toBe('2026-12-24T17:30:00.000Z');
    expect(parseParisDateTimeLocal('2026-07-14T09:05')?.toISOString()).toBe('2026-07-14T07:05:00.000Z');
    expect(parseParisDateTimeLocal('2026-07-14T09:05:30')?.toISOString()).toBe('2026-07-14T07:05:30.000Z');
  });

  it('handles the spring-forward day 2026-03-29', () => {
    expect(parseParisDateTimeLocal('2026-03-29T01:59')?.toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(parseParisDateTimeLocal('2026-03-29T03:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 02:00-02:59 does not exist: moved forward by the one-hour gap (02:30 -> 03:30 CEST).
    expect(parseParisDateTimeLocal('2026-03-29T02:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(parseParisDateTimeLocal('2026-03-29T02:30')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(toParisDateTimeLocal(parseParisDateTimeLocal('2026-03-29T02:30')!)).toBe('2026-03-29T03:30');
  });

  it('handles the fall-back day 2026-10-25', () => {
    expect(parseParisDateTimeLocal('2026-10-25T01:30')?.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    // 02:30 happens twice: the earlier one (still summer time, +02:00) is chosen.
    expect(parseParisDateTimeLocal('2026-10-25T02:30')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(parseParisDateTimeLocal('2026-10-25T03:00')?.toISOString()).toBe('2026-10-25T02:00:00.000Z');
    expect(parseParisDateTimeLocal('2026-10-25T23:00')?.toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('refuses what is not a datetime-local value or not a real date', () => {
    for (const value of ['', '2026-12-24', '2026-12-24 18:30', '24/12/2026 18:30', '2026-02-30T10:00', '2026-13-01T10:00', '2026-12-24T24:00', '2026-12-24T18:60', '2026-12-24T18:30Z']) {
      expect(parseParisDateTimeLocal(value), value).toBeNull();
    }
    expect(parseParisDateTimeLocal('2028-02-29T10:00')).not.toBeNull();
    expect(parseParisDateTimeLocal('2027-02-29T10:00')).toBeNull();
  });

  it('round-trips every existing wall time (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: iso('2000-01-01T00:00:00Z'), max: iso('2100-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const minute = new Date(Math.floor(date.getTime() / 60_000) * 60_000);
        const local = toParisDateTimeLocal(minute);
        const back = parseParisDateTimeLocal(local)!;
        // Identical except in the repeated autumn hour, where the earlier instant is chosen.
        expect(toParisDateTimeLocal(back)).toBe(local);
        expect(back.getTime() === minute.getTime() || back.getTime() === minute.getTime() - 3_600_000).toBe(true);
      }),
    );
  });
});

describe('parisWallTimeToInstant', () => {
  it('throws on impossible fields', () => {
    expect(() => parisWallTimeToInstant({ year: 2026, month: 4, day: 31, hour: 0, minute: 0 })).toThrow(RangeError);
    expect(() => parisWallTimeToInstant({ year: 2026, month: 1, day: 1, hour: 1.5, minute: 0 })).toThrow(RangeError);
  });
});

describe('getParisParts', () => {
  it('gives Paris fields and weekday of an instant', () => {
    expect(getParisParts(iso('2026-12-24T23:30:00Z'))).toEqual({ year: 2026, month: 12, day: 25, hour: 0, minute: 30, second: 0, weekday: 5 });
    expect(getParisParts(iso('2026-03-29T00:59:00Z')).hour).toBe(1);
    expect(getParisParts(iso('2026-03-29T01:00:00Z')).hour).toBe(3);
    expect(getParisParts(iso('2026-10-25T00:30:00Z')).hour).toBe(2);
    expect(getParisParts(iso('2026-10-25T01:30:00Z')).hour).toBe(2);
    expect(getParisParts(iso('2026-10-25T02:00:00Z')).hour).toBe(3);
  });
  it('knows the offsets', () => {
    expect(parisOffsetMinutes(iso('2026-01-15T12:00:00Z'))).toBe(60);
    expect(parisOffsetMinutes(iso('2026-07-15T12:00:00Z'))).toBe(120);
  });
  it('throws on an invalid date', () => {
    expect(() => getParisParts(new Date('nope'))).toThrow(RangeError);
  });
  it('agrees with Intl at every instant, each side of the clock changes and far from now', () => {
    const around = (instant: string) => fc.integer({ min: -7_200_000, max: 7_200_000 }).map((delta) => iso(instant).getTime() + delta);
    const instants = fc.oneof(
      fc.date({ min: iso('1900-01-01T00:00:00Z'), max: iso('2300-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.getTime()),
      around('2026-03-29T01:00:00Z'),
      around('2026-10-25T01:00:00Z'),
      around('1996-10-27T01:00:00Z'),
    );
    fc.assert(
      fc.property(instants, (time) => {
        expect(getParisParts(time)).toEqual(getParisPartsByIntl(time));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the EU clock rule (decision 0164)', () => {
  afterEach(() => {
    restoreParisClockRule();
    vi.restoreAllMocks();
  });

  it('agrees with Intl at every hour from 2020 to 2040', () => {
    const disagreements: string[] = [];
    for (let time = Date.UTC(2020, 0, 1); time < Date.UTC(2040, 0, 1); time += 3_600_000) {
      const byRule = getParisParts(time);
      const byIntl = getParisPartsByIntl(time);
      if (JSON.stringify(byRule) !== JSON.stringify(byIntl)) disagreements.push(new Date(time).toISOString());
    }
    expect(disagreements).toEqual([]);
  });

  it('changes the clocks at 01:00 UTC on the last Sundays of March and October, every year of the rule', () => {
    for (let year = 1996; year < 2100; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = Date.UTC(year, month + 1, 0, 1);
        const change = lastDay - new Date(lastDay).getUTCDay() * 86_400_000;
        for (const time of [change - 60_000, change - 1, change, change + 60_000]) {
          expect(getParisParts(time), new Date(time).toISOString()).toEqual(getParisPartsByIntl(time));
        }
      }
    }
  });

  it('holds against the time zone data of this process, so the server keeps it', () => {
    expect(checkParisClockRule(2025, 20)).toBe(true);
    // No Intl at all: what spares the booking form's first render a browser's first DateTimeFormat.
    const intl = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(getParisParts(iso('2030-07-01T12:00:00Z')).hour).toBe(14);
    expect(toParisDateTimeLocal(iso('2026-12-24T17:30:00Z'))).toBe('2026-12-24T18:30');
    expect(intl).not.toHaveBeenCalled();
  });

  it('is dropped for the time zone data when they disagree (summer time abolished, say)', () => {
    const winterAllYear = (time: number) => {
      const wall = new Date(time + 3_600_000);
      return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds(), weekday: wall.getUTCDay() };
    };
    expect(checkParisClockRule(2026, 10, winterAllYear)).toBe(false);
    // Read by Intl from then on.
    const intl = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    expect(getParisParts(iso('2030-07-01T12:00:00Z'))).toEqual(getParisPartsByIntl(iso('2030-07-01T12:00:00Z')));
    expect(toParisDateTimeLocal(iso('2026-12-24T17:30:00Z'))).toBe('2026-12-24T18:30');
    expect(intl).toHaveBeenCalled();
  });
});

describe('isPickupTimeValid', () => {
  const now = iso('2026-06-10T10:00:00Z'); // 12:00 in Paris
  it('needs the pickup at least 120 minutes after now', () => {
    expect(isPickupTimeValid(iso('2026-06-10T12:00:00Z'), now)).toBe(true);
    expect(isPickupTimeValid(iso('2026-06-10T11:59:59Z'), now)).toBe(false);
    expect(isPickupTimeValid(iso('2026-06-10T09:00:00Z'), now)).toBe(false);
    expect(isPickupTimeValid(now, now)).toBe(false);
    expect(isPickupTimeValid(iso('2026-06-11T10:00:00Z'), now)).toBe(true);
  });
  it('applies across midnight too (decisions 4)', () => {
    const lateEvening = parseParisDateTimeLocal('2026-06-10T23:45')!;
    expect(isPickupTimeValid(parseParisDateTimeLocal('2026-06-11T00:30')!, lateEvening)).toBe(false);
    expect(isPickupTimeValid(parseParisDateTimeLocal('2026-06-11T01:45')!, lateEvening)).toBe(true);
  });
  it('counts real elapsed time across the spring change', () => {
    const beforeChange = parseParisDateTimeLocal('2026-03-29T01:30')!;
    // 04:00 CEST is only 1h30 later in real time.
    expect(isPickupTimeValid(parseParisDateTimeLocal('2026-03-29T04:00')!, beforeChange)).toBe(false);
    expect(isPickupTimeValid(parseParisDateTimeLocal('2026-03-29T04:30')!, beforeChange)).toBe(true);
  });
  it('counts real elapsed time across the autumn change', () => {
    const beforeChange = parseParisDateTimeLocal('2026-10-25T01:30')!;
    // 03:30 CET is already 3h later in real time.
    expect(isPickupTimeValid(parseParisDateTimeLocal('2026-10-25T02:30')!, beforeChange)).toBe(false);
    expect(isPickupTimeValid(parseParisDateTimeLocal('2026-10-25T02:59')!, beforeChange)).toBe(false);
    expect(isPickupTimeValid(parseParisDateTimeLocal('2026-10-25T02:30')!, iso('2026-10-24T22:30:00Z'))).toBe(true);
    expect(isPickupTimeValid(parseParisDateTimeLocal('2026-10-25T03:30')!, beforeChange)).toBe(true);
  });
  it('refuses invalid dates', () => {
    expect(isPickupTimeValid(new Date('x'), now)).toBe(false);
  });
});

describe('night hours', () => {
  it('is 19:00 to 04:59', () => {
    expect([...Array(24).keys()].filter(isNightHour)).toEqual([0, 1, 2, 3, 4, 19, 20, 21, 22, 23]);
  });
  it('is judged on Paris clocks', () => {
    expect(isParisNight(iso('2026-07-01T17:00:00Z'))).toBe(true); // 19:00 Paris
    expect(isParisNight(iso('2026-07-01T16:59:00Z'))).toBe(false);
    expect(isParisNight(iso('2026-01-01T03:59:00Z'))).toBe(true); // 04:59 Paris
    expect(isParisNight(iso('2026-01-01T04:00:00Z'))).toBe(false); // 05:00 Paris
  });
});

describe('parisDayStart and parisMonthStart', () => {
  it('starts a day at midnight on Paris clocks, summer or winter', () => {
    expect(parisDayStart('2026-07-14').toISOString()).toBe('2026-07-13T22:00:00.000Z');
    expect(parisDayStart({ year: 2026, month: 1, day: 5 }).toISOString()).toBe('2026-01-04T23:00:00.000Z');
  });

  it('counts days on the calendar across the clock changes (23- and 25-hour days)', () => {
    expect(parisDayStart('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisDayStart('2026-03-29', 1).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisDayStart('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(parisDayStart('2026-10-25', 1).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(parisDayStart('2026-03-30', -1).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(parisDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('names the Paris day of an instant and counts days on `YYYY-MM-DD` days', () => {
    expect(parisIsoDate(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(parisIsoDate(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(parisIsoDate(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
    expect(shiftIsoDate('2026-03-29', 1)).toBe('2026-03-30');
    expect(shiftIsoDate('2026-10-25', -1)).toBe('2026-10-24');
    expect(shiftIsoDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftIsoDate('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('starts months across years and clock changes', () => {
    expect(parisMonthStart({ year: 2026, month: 3 }).toISOString()).toBe('2026-02-28T23:00:00.000Z');
    expect(parisMonthStart({ year: 2026, month: 3 }, 1).toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(parisMonthStart({ year: 2026, month: 10 }, 1).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(parisMonthStart({ year: 2026, month: 12 }, 1).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(parisMonthStart({ year: 2026, month: 1 }, -1).toISOString()).toBe('2025-11-30T23:00:00.000Z');
  });
});

describe('calendar helpers', () => {
  it('knows month lengths', () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
  it('compares Paris days', () => {
    expect(isSameParisDay(iso('2026-12-24T22:59:00Z'), iso('2026-12-24T00:00:00Z'))).toBe(true);
    expect(isSameParisDay(iso('2026-12-24T23:00:00Z'), iso('2026-12-24T00:00:00Z'))).toBe(false);
  });
});

describe('formatting', () => {
  it('formats dates dd/mm/yyyy in Paris', () => {
    expect(formatDateFr(iso('2026-12-31T23:30:00Z'))).toBe('01/01/2027');
    expect(formatDateFr('2026-12-24')).toBe('24/12/2026');
    expect(formatDateFr('2026-12-24T18:30')).toBe('24/12/2026');
    expect(formatDateFr('2026-12-31T23:30:00.000Z')).toBe('01/01/2027');
    expect(formatDateFr('tomorrow')).toBe('tomorrow');
  });
  it('formats times on the 12-hour clock, else shows the raw value', () => {
    expect(formatTime12h('00:05')).toBe('12:05 am');
    expect(formatTime12h('09:30')).toBe('09:30 am');
    expect(formatTime12h('12:00')).toBe('12:00 pm');
    expect(formatTime12h('18:30:45')).toBe('06:30 pm');
    expect(formatTime12h('23:59')).toBe('11:59 pm');
    for (const raw of ['24:00', '9:30', '12:60', '12:30:60', 'noon', '']) expect(formatTime12h(raw)).toBe(raw);
    expect(isTimeOfDay('23:59:59')).toBe(true);
    expect(isTimeOfDay('7:00')).toBe(false);
  });
});

describe('independence from the process time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it('gives the same answers in Los Angeles, Tokyo and UTC', () => {
    const results = ['America/Los_Angeles', 'Asia/Tokyo', 'UTC'].map((zone) => {
      process.env.TZ = zone;
      return {
        offset: new Date('2026-01-01T00:00:00Z').getTimezoneOffset(),
        parsed: [
          parseParisDateTimeLocal('2026-03-29T02:30')?.toISOString(),
          parseParisDateTimeLocal('2026-10-25T02:30')?.toISOString(),
          parseParisDateTimeLocal('2026-12-24T18:30')?.toISOString(),
        ],
        parts: getParisParts(iso('2026-10-25T01:30:00Z')),
        date: formatDateFr(iso('2026-12-31T23:30:00Z')),
        local: toParisDateTimeLocal(iso('2026-07-14T07:05:00Z')),
      };
    });
    // The zone really changed for the process...
    expect(new Set(results.map((r) => r.offset)).size).toBe(3);
    // ...and none of the answers did.
    const [first, ...others] = results.map(({ offset: _offset, ...rest }) => rest);
    for (const other of others) expect(other).toEqual(first);
    expect(first?.parsed).toEqual(['2026-03-29T01:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-12-24T17:30:00.000Z']);
    expect(first?.local).toBe('2026-07-14T09:05');
  });
});
