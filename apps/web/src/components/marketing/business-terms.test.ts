import { DEFAULT_HOLIDAY_SURCHARGE_PERCENT, DEPOSIT_PERCENT as SHARED_DEPOSIT_PERCENT } from '@vtc/shared/pricing/price-trip';
import { describe, expect, it } from 'vitest';
import { NIGHT_END_HOUR, NIGHT_START_HOUR } from '@vtc/shared/time/paris-time';
import { DEPOSIT_PERCENT, HOLIDAY_SURCHARGE_PERCENT, PRICING_NIGHT, formatClockHour, formatPercent } from './business-terms';

describe('business terms of the marketing copy', () => {
  it('quote the deposit and surcharge the price calculation uses', () => {
    expect(DEPOSIT_PERCENT).toBe(SHARED_DEPOSIT_PERCENT);
    expect(HOLIDAY_SURCHARGE_PERCENT).toBe(DEFAULT_HOLIDAY_SURCHARGE_PERCENT);
  });

  it('promise the night hours the price calculation uses (decision 0123)', () => {
    expect(PRICING_NIGHT).toEqual({ startHour: NIGHT_START_HOUR, endHour: NIGHT_END_HOUR });
  });

  it('write the night hours as each reader does: 24-hour in French and Arabic, 12-hour in English', () => {
    expect(formatClockHour(20, 'en')).toMatch(/^8:00\s?pm$/i);
    expect(formatClockHour(7, 'en')).toMatch(/^7:00\s?am$/i);
    expect(formatClockHour(20, 'fr')).toBe('20:00');
    expect(formatClockHour(7, 'fr')).toBe('07:00');
    expect(formatClockHour(20, 'ar')).toBe('20:00');
  });

  it('write percentages the way each language does, with Western digits in Arabic', () => {
    expect(formatPercent(20, 'fr', true)).toMatch(/^\+20\s%$/);
    expect(formatPercent(20, 'en')).toBe('20%');
    expect(formatPercent(20, 'ar')).toMatch(/20/);
  });
});
