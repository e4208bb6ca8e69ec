/// <reference types="node" />
// Every status, chauffeur step, actor and reason code a booking's history can hold has its words
// in fr, en and ar, on the admin's and the customer's screens (decision 0122): a code added to
// the shared lists without words fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BOOKING_STATUSES } from '@vtc/shared/booking/booking-transitions';
import { HISTORY_ACTOR_KINDS, HISTORY_REASON_CODES } from '@vtc/shared/booking/history-entries';
import { MISSION_STATUSES } from '@vtc/shared/missions/mission-schemas';
import { describe, expect, it } from 'vitest';

const LANGUAGES = ['fr', 'en', 'ar'] as const;
const locales = path.resolve(import.meta.dirname, '../public/locales');
const read = (language: string, namespace: string) => JSON.parse(readFileSync(path.join(locales, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

function words(texts: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), texts);
}

const ARABIC = /[\u0600-\u06FF]/;

/** Words, not a code: a non-empty text, not snake_case, in Arabic script on Arabic screens. */
function expectWords(language: string, value: unknown, code: string) {
  expect(typeof value, `${language}: ${code}`).toBe('string');
  const text = value as string;
  expect(text.trim().length, `${language}: ${code}`).toBeGreaterThan(0);
  expect(text, `${language}: ${code}`).not.toMatch(/^[a-z]+(_[a-z]+)+$/);
  if (language === 'ar') expect(text, `ar: ${code}`).toMatch(ARABIC);
}

const lists: [string, readonly string[], string, string][] = [
  ['booking statuses', BOOKING_STATUSES, 'admin', 'bookingStatus'],
  ['chauffeur steps', MISSION_STATUSES, 'admin', 'pages.bookings.missionStatus'],
  ['actors', HISTORY_ACTOR_KINDS, 'admin', 'pages.bookings.actors'],
  ['reason codes', HISTORY_REASON_CODES, 'admin', 'history.reasons'],
  ['booking statuses', BOOKING_STATUSES, 'auth', 'bookings.status'],
  ['chauffeur steps', MISSION_STATUSES, 'auth', 'bookings.historyEntries.steps'],
  ['reason codes', HISTORY_REASON_CODES, 'auth', 'bookings.historyEntries.reasons'],
];

describe('the history in words', () => {
  for (const [what, codes, namespace, prefix] of lists) {
    it(`has the words of every ${what} in ${namespace}.json (${prefix}) in fr, en and ar`, () => {
      for (const language of LANGUAGES) {
        const texts = read(language, namespace);
        for (const code of codes) expectWords(language, words(texts, `${prefix}.${code}`), code);
      }
    });
  }

  it('fails for a code without words', () => {
    expect(() => expectWords('fr', words(read('fr', 'admin'), 'history.reasons.not_a_code'), 'not_a_code')).toThrow();
    expect(() => expectWords('fr', 'cash_deposit_received', 'cash_deposit_received')).toThrow();
    expect(() => expectWords('ar', 'Deposit paid', 'paid')).toThrow();
  });
});
