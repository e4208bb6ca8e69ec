import { describe, expect, it } from 'vitest';
import { cityName } from './city-name.ts';

describe('cityName', () => {
  it('names a known city in the reader’s language', () => {
    expect(cityName('Nice', 'fr')).toBe('Nice');
    expect(cityName('Nice', 'ar')).toBe('نيس');
    expect(cityName('marseille', 'en')).toBe('Marseille');
    expect(cityName('Gênes', 'en')).toBe('Genoa');
  });
  it('keeps a name it does not know as typed', () => {
    expect(cityName('Saint-Jean-Cap-Ferrat', 'ar')).toBe('Saint-Jean-Cap-Ferrat');
  });
});
