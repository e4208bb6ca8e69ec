import { describe, expect, it } from 'vitest';
import { normalizeFlightNumber } from './flight-number.ts';

describe('normalizeFlightNumber', () => {
  it('stores IATA and ICAO flight numbers compact and upper case', () => {
    expect(normalizeFlightNumber('AF7700')).toBe('AF7700');
    expect(normalizeFlightNumber(' af 7700 ')).toBe('AF7700');
    expect(normalizeFlightNumber('EZY-8541')).toBe('EZY8541');
    expect(normalizeFlightNumber('u2 1234')).toBe('U21234');
    expect(normalizeFlightNumber('9W 5')).toBe('9W5');
    expect(normalizeFlightNumber('BA 123a')).toBe('BA123A');
    // Full-width characters typed on some phone keyboards are read as their plain form.
    expect(normalizeFlightNumber('ＡＦ７７００')).toBe('AF7700');
  });

  it('refuses what is not a flight number', () => {
    for (const value of ['', '7700', 'AF', 'AF 77000', 'A 7', 'AFRX 12', '12 345', 'AF 77 00 11', 'AF7700!', 'طيران 12']) {
      expect(normalizeFlightNumber(value), value).toBeNull();
    }
  });
});
