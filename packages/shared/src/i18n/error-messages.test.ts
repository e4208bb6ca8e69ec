import { describe, expect, it } from 'vitest';
import { errorMessages, isMessageKey, message, translateMessage, type MessageKey } from './error-messages.ts';

describe('error messages', () => {
  it('has every key in every language', () => {
    const keys = Object.keys(errorMessages.fr).sort();
    expect(Object.keys(errorMessages.en).sort()).toEqual(keys);
    expect(Object.keys(errorMessages.ar).sort()).toEqual(keys);
  });
  it('uses the same placeholders and no blank text in every language', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(errorMessages.fr) as MessageKey[]) {
      for (const language of ['en', 'ar'] as const) {
        expect(placeholders(errorMessages[language][key]), `${language}.${key}`).toEqual(placeholders(errorMessages.fr[key]));
        expect(errorMessages[language][key].trim(), `${language}.${key}`).not.toBe('');
      }
    }
  });
  it('has the domain keys the API and the forms use', () => {
    const domainKeys = [
      'time_not_valid', 'car_not_exist', 'car_not_allowed', 'please_login', 'stops_max', 'price_required', 'price_invalid',
      'km_band_invalid', 'km_band_overlap', 'holiday_invalid_date', 'season_name_invalid', 'season_overlap', 'month_invalid',
      'day_invalid', 'invalid_json', 'image_required', 'invalid_image', 'image_too_large', 'booking_not_found',
      'invalid_transition', 'no_cars_available', 'no_season', 'no_pricing_band', 'token_invalid', 'return_date_invalid',
      'place_unknown', 'invalid_time', 'payment_method_required', 'child_seats_exceed_children', 'duplicate_car', 'car_busy',
      'voucher_not_issued', 'voucher_not_found', 'invoice_not_issued', 'invoice_not_found',
    ];
    expect(domainKeys.filter((key) => !isMessageKey(key))).toEqual([]);
  });
  it('fills placeholders', () => {
    expect(translateMessage('password_min', 'en', { min: 10 })).toBe('Password must be at least 10 characters');
    expect(translateMessage('too_long', 'fr', { max: 250 })).toBe('250 caractères au maximum');
  });
  it('reads parameters carried by a message reference', () => {
    expect(translateMessage(message('too_long', { max: 255 }), 'en')).toBe('255 characters at most');
    expect(translateMessage(message('stops_max', { max: 5 }), 'fr')).toBe('5 arrêts au maximum');
    expect(translateMessage(message('image_too_large', { max: 5 }), 'ar')).toBe('يجب ألا يتجاوز حجم الصورة 5 ميغابايت');
  });
  it('returns an unknown key unchanged', () => {
    expect(translateMessage('no_such_key', 'ar')).toBe('no_such_key');
  });
});
