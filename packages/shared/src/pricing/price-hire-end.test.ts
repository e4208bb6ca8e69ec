import { describe, expect, it } from 'vitest';
import { priceHireEnd } from './price-hire-end.ts';

const rate = { pricePerHourCents: 8_500, kmIncludedPerHour: 20, pricePerExtraKmCents: 250 };
const endsAt = new Date('2030-06-01T13:00:00Z');
const at = (minutes: number) => new Date(endsAt.getTime() + minutes * 60_000);

describe('priceHireEnd', () => {
  it('bills overtime in started quarter hours at a quarter of the hourly rate, whole euros', () => {
    expect(priceHireEnd({ endsAt, endedAt: at(0), km: 0, kmHours: 5, rate })).toMatchObject({ overtimeMinutes: 0, overtimeQuarters: 0, overtimeCents: 0 });
    expect(priceHireEnd({ endsAt, endedAt: at(1), km: 0, kmHours: 5, rate })).toMatchObject({ overtimeQuarters: 1, overtimeCents: 2_100 });
    expect(priceHireEnd({ endsAt, endedAt: at(15), km: 0, kmHours: 5, rate })).toMatchObject({ overtimeQuarters: 1 });
    // 40 minutes: three started quarters, 3 × 21.25 = 63.75 → 64 €.
    expect(priceHireEnd({ endsAt, endedAt: at(40), km: 0, kmHours: 5, rate })).toMatchObject({ overtimeMinutes: 40, overtimeQuarters: 3, overtimeCents: 6_400 });
  });

  it('bills the km beyond those included at the extra-km price; none for a tour', () => {
    expect(priceHireEnd({ endsAt, endedAt: at(0), km: 100, kmHours: 5, rate })).toMatchObject({ kmIncluded: 100, extraKm: 0, extraKmCents: 0 });
    expect(priceHireEnd({ endsAt, endedAt: at(0), km: 132, kmHours: 5, rate })).toMatchObject({ kmIncluded: 100, extraKm: 32, extraKmCents: 8_000 });
    expect(priceHireEnd({ endsAt, endedAt: at(20), km: 400, kmHours: null, rate })).toMatchObject({ kmIncluded: null, extraKm: 0, extraKmCents: 0, overtimeQuarters: 2 });
  });
});
