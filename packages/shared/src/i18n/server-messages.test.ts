import { describe, expect, it } from 'vitest';
import { errorMessages } from './error-messages.ts';
import { isAnyMessageKey, serverMessages, translateAnyMessage, type ServerMessageKey } from './server-messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the messages only the API writes', () => {
  it('has every key in the three languages, with the same placeholders, and none the browser catalogue also has', () => {
    const keys = Object.keys(serverMessages.fr).sort();
    expect(Object.keys(serverMessages.en).sort()).toEqual(keys);
    expect(Object.keys(serverMessages.ar).sort()).toEqual(keys);
    for (const key of keys as ServerMessageKey[]) {
      for (const language of ['en', 'ar'] as const) {
        expect(placeholders(serverMessages[language][key]), `${language}.${key}`).toEqual(placeholders(serverMessages.fr[key]));
        expect(serverMessages[language][key].trim(), `${language}.${key}`).not.toBe('');
      }
    }
    expect(keys.filter((key) => key in errorMessages.fr)).toEqual([]);
  });

  it('translates from either catalogue, filling the placeholders', () => {
    expect(translateAnyMessage('trip_not_started', 'fr', { from: '03/06/2027 10:00' })).toBe('La course ne peut être terminée qu’à partir de la prise en charge, le 03/06/2027 10:00 (heure de Paris)');
    expect(translateAnyMessage('change_too_late', 'en')).toBe(serverMessages.en.change_too_late);
    expect(translateAnyMessage('too_long?max=250', 'fr')).toBe('250 caractères au maximum');
    expect(isAnyMessageKey('balance_settled') && isAnyMessageKey('car_busy') && !isAnyMessageKey('nope')).toBe(true);
  });
});
