import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { BookingSummary } from '@vtc/shared/booking/booking-responses';
import { whatsAppHref, whatsAppText, type Translate } from './whatsapp-message';

const localesDir = path.resolve(import.meta.dirname, '../../../public/locales');

async function translator(language: 'fr' | 'ar'): Promise<Translate> {
  const resources = JSON.parse(readFileSync(path.join(localesDir, language, 'booking-help.json'), 'utf8')) as Record<string, unknown>;
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { 'booking-help': resources } }, defaultNS: 'booking-help', interpolation: { escapeValue: false } });
  return i18n.getFixedT(language, 'booking-help');
}

const place = (title: string, type: BookingSummary['origin']['type'] = 'address') => ({ title, type, lat: null, lon: null, placeId: null, country: null });

const trip: Parameters<typeof whatsAppText>[0] = {
  id: 4821,
  origin: place('Aéroport Nice Côte d’Azur', 'airport'),
  stops: [place('Cannes & Antibes')],
  destination: place('Monaco'),
  rent_date: '14/06/2027',
  rent_time: '09:30',
  passenger: { adults: 8, children: 1, children_seat: 1 },
  package: { under10kg: 2, above10kg: 3, above30kg: 0 },
};
const split = ['Mercedes Classe V', 'Ford Tourneo Custom'];

describe('WhatsApp message', () => {
  it('writes the whole trip in French', async () => {
    expect(whatsAppText(trip, split, await translator('fr'))).toBe(
      [
        'Bonjour, je souhaite réserver ce trajet :',
        'Demande n° 4821',
        'Départ : Aéroport Nice Côte d’Azur',
        'Arrêt 1 : Cannes & Antibes',
        'Arrivée : Monaco',
        'Le 14/06/2027 à 09:30',
        'Passagers : 8 adultes, 1 enfant, 1 siège enfant',
        'Bagages : 5',
        'Véhicules : Mercedes Classe V + Ford Tourneo Custom',
      ].join('\n'),
    );
  });

  it('writes it in Arabic, and leaves out a split of one car', async () => {
    const text = whatsAppText({ ...trip, stops: [], passenger: { adults: 2, children: 0, children_seat: 0 } }, ['Mercedes Classe V'], await translator('ar'));
    expect(text.split('\n')).toEqual([
      'مرحبًا، أود حجز هذه الرحلة:',
      'الطلب رقم 4821',
      'الانطلاق: Aéroport Nice Côte d’Azur',
      'الوصول: Monaco',
      'بتاريخ 14/06/2027 الساعة 09:30',
      'الركاب: بالغان',
      'الأمتعة: 5',
    ]);
  });

  it('encodes the message in the wa.me link, reversibly', async () => {
    const text = whatsAppText(trip, split, await translator('ar'));
    const href = whatsAppHref('https://wa.me/33612345678', text);
    expect(href.startsWith('https://wa.me/33612345678?text=')).toBe(true);
    // Nothing left raw that would cut the link: spaces, new lines, '&', '#', Arabic letters.
    expect(href.slice(href.indexOf('=') + 1)).toMatch(/^[A-Za-z0-9%._~!*'()-]+$/);
    expect(new URL(href).searchParams.get('text')).toBe(text);
    expect(href).toContain('%D8%A7%D9%84%D8%B7%D9%84%D8%A8'); // "الطلب"
    expect(new URL(href).searchParams.getAll('text')).toHaveLength(1);
  });
});
