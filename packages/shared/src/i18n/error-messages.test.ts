import { describe, expect, it } from 'vitest';
import { errorMessages, message, translateMessage } from './error-messages';

describe('error messages', () => {
  it('has every key in every language', () => {
    const keys = Object.keys(errorMessages.fr).sort();
    expect(Object.keys(errorMessages.en).sort()).toEqual(keys);
    expect(Object.keys(errorMessages.ar).sort()).toEqual(keys);
  });
  it('fills placeholders', () => {
    expect(translateMessage('password_min', 'en', { min: 10 })).toBe('Password must be at least 10 characters');
    expect(translateMessage('too_long', 'fr', { max: 250 })).toBe('250 caractères au maximum');
  });
  it('reads parameters carried by a message reference', () => {
    expect(translateMessage(message('too_long', { max: 255 }), 'en')).toBe('255 characters at most');
  });
  it('returns an unknown key unchanged', () => {
    expect(translateMessage('no_such_key', 'ar')).toBe('no_such_key');
  });
});
