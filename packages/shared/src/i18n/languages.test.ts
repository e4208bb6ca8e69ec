import { describe, expect, it } from 'vitest';
import { pickLanguage } from './languages.ts';

describe('pickLanguage', () => {
  it('defaults to French', () => {
    expect(pickLanguage(undefined)).toBe('fr');
    expect(pickLanguage('de-DE')).toBe('fr');
  });
  it('honours order and quality values', () => {
    expect(pickLanguage('en-GB,en;q=0.9')).toBe('en');
    expect(pickLanguage('de;q=1, ar;q=0.8, en;q=0.5')).toBe('ar');
    expect(pickLanguage('en;q=0, ar')).toBe('ar');
  });
});
