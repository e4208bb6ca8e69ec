import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildIcs, foldIcsLine } from '../../src/platform/mail/ics.ts';
import { placeMatchKeys, routeMatchKey, routeMatchKeySql } from '../../src/catalogue/places/route-match.ts';
import { bearer, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { bookingPayload, expectStatus } from './booking-helpers.ts';

type Place = { title: string; type: string; placeId: string; country: string | null; lat: number | null };

describe('places routes (offline gazetteer)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  const suggest = async (query: string, language = 'fr') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/places/suggest?${query}`, headers: { 'accept-language': language } });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: Place[] }).data;
  };

  it('suggests fixed places first, then towns near the Riviera and large first, with coordinates and ids', async () => {
    const tropez = await suggest('q=saint-trop');
    expect(tropez[0]).toMatchObject({ title: 'Saint-Tropez', type: 'address', country: 'FR' });
    expect(tropez[0]!.placeId).toMatch(/^geonames:\d+$/);
    expect(tropez[0]!.lat).toBeCloseTo(43.27, 1);

    const marseille = await suggest('q=marseille', 'en');
    expect(marseille.slice(0, 3).map((p) => p.placeId)).toEqual(['city-marseille', 'airport-marseille-provence', 'station-marseille-saint-charles']);
    expect(marseille[1]!.title).toBe('Marseille Provence Airport');
    expect(await suggest('q=%20')).toEqual([]);

    // Near the Riviera first: Saint-Paul-de-Vence, not Saint-Paul-lès-Dax (four times larger, 600 km away).
    const saintPaul = (await suggest('q=Saint-Paul')).map((p) => p.title);
    expect(saintPaul[0]).toBe('Saint-Paul-de-Vence');
    // Large towns far away still come when nothing near matches.
    expect((await suggest('q=lyo'))[0]?.title).toBe('Lyon');
    expect((await suggest('q=par'))[0]?.title).toBe('Paris');
  });

  it('keeps to France and Monaco unless the Europe option is on', async () => {
    const home = await suggest('q=gen');
    expect(home.every((p) => p.country === 'FR' || p.country === 'MC')).toBe(true);
    const europe = await suggest('q=gen&europe=true');
    expect(europe.map((p) => p.placeId)).toEqual(expect.arrayContaining(['town-genoa', 'town-geneva']));
    expect(europe.find((p) => p.placeId === 'town-genoa')).toMatchObject({ title: 'Gênes', type: 'town', country: 'IT' });
  });

  it('with the Europe option, reaches every country neighbouring France, and a trip there is quoted (decisions 5)', async () => {
    for (const [query, title, country] of [
      ['koln', 'Köln', 'DE'],
      ['liege', 'Liège', 'BE'],
      ['luxembourg', 'Luxembourg', 'LU'],
      ['andorra la', 'Andorra la Vella', 'AD'],
    ] as const) {
      const found = (await suggest(`q=${encodeURIComponent(query)}&europe=true`)).find((p) => p.title === title);
      expect(found, title).toMatchObject({ type: 'address', country, placeId: expect.stringMatching(/^geonames:\d+$/) });
      expect((await suggest(`q=${encodeURIComponent(query)}`)).some((p) => p.country === country), title).toBe(false);
    }
    const cologne = (await suggest('q=koln&europe=true')).find((p) => p.title === 'Köln')!;
    const user = await registerUser(ctx.app);
    const created = await ctx.app.inject({ method: 'POST', url: '/api/user/booking/add', headers: bearer(user.token), payload: bookingPayload({ destination: cologne }) });
    expectStatus(created, 201);
    const { bookingId } = created.json() as { bookingId: number };
    const stepTwo = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${bookingId}`, headers: bearer(user.token) });
    expectStatus(stepTwo, 200);
    // Nice to Cologne: about 800 km as the crow flies, estimated by road, and said to be an estimate.
    const { booking } = stepTwo.json() as { booking: { destination: { title: string }; distance_km: number; distance_estimated: boolean } };
    expect(booking).toMatchObject({ destination: { title: 'Köln' }, distance_estimated: true });
    expect(booking.distance_km).toBeGreaterThan(800);
  });

  it('lists the fixed airports, stations and towns in the page language', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/places/fixed?mode=airport', headers: { 'accept-language': 'ar' } });
    const { data } = response.json() as { data: Place[] };
    expect(data).toHaveLength(4);
    expect(data.find((p) => p.placeId === 'airport-nice-cote-d-azur')).toMatchObject({ title: 'مطار نيس كوت دازور', type: 'airport' });
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/places/fixed' })).json() as { data: Place[] };
    expect(all.data).toHaveLength(4 + 4 + 21);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/places/fixed?mode=moon' })).statusCode).toBe(400);
  });

  it('documents the booking routes in OpenAPI', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/places/suggest',
        '/api/user/booking/add',
        '/api/user/booking/step-two/{bookingId}',
        '/api/user/booking/update-car/{bookingId}/{carId}',
        '/api/user/booking/step-three/{bookingId}',
        '/api/user/booking/update-booking-info/{bookingId}',
        '/api/booking/getAll',
        '/api/booking/accept/{id}',
        '/api/booking/payment/checkout/{id}',
        '/api/booking/payment/stripe/{id}',
        '/api/booking/payment/webhook',
      ]),
    );
  });

  it('computes route keys in SQL exactly as in JavaScript', async () => {
    const names = ["Aéroport Nice Côte d'Azur", 'Hyères', 'Saint-Raphaël', 'ÈZE', 'Zürich', 'Gênes', 'Sant Adrià de Besòs', 'A Coruña', 'Cœur-Ÿ', 'Menton  ', 'Nice (06)'];
    for (const name of names) {
      const result = await ctx.database.db.execute<{ key: string }>(sql`select ${routeMatchKeySql(sql`${name}::text`)} as key`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { key: string }[] }).rows) as { key: string }[];
      expect(rows[0]?.key, name).toBe(routeMatchKey(name));
    }
  });
});

describe('route keys', () => {
  it('reads a place under its own names, then the city it serves, then the town of an address', () => {
    expect(placeMatchKeys({ title: "Aéroport Nice Côte d'Azur", placeId: 'airport-nice-cote-d-azur' })).toEqual([
      'aeroport nice cote d azur',
      'nice cote d azur airport',
      'nice',
    ]);
    expect(placeMatchKeys({ title: '12 rue de France, 06000 Nice' })).toEqual(['12 rue de france 06000 nice', 'nice', 'rue de france']);
  });
});

describe('calendar file', () => {
  it('is a minimal valid VCALENDAR with UTC times, escaped text and folded lines', () => {
    const ics = buildIcs(
      [
        {
          uid: 'booking-7-outbound@riviera-vtc.fr',
          start: new Date('2027-07-14T08:00:00Z'),
          durationMinutes: 45,
          summary: 'Trajet Riviera VTC: Nice → Monaco',
          location: 'Hôtel Negresco, 37 promenade des Anglais; Nice',
          description: `Réservation n°7\n${'é'.repeat(80)}`,
        },
      ],
      new Date('2026-12-01T10:00:00Z'),
    );
    const lines = ics.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toEqual(expect.arrayContaining(['VERSION:2.0', 'BEGIN:VEVENT', 'UID:booking-7-outbound@riviera-vtc.fr', 'DTSTAMP:20261201T100000Z', 'DTSTART:20270714T080000Z', 'DTEND:20270714T084500Z', 'END:VEVENT']));
    expect(ics).toContain('LOCATION:Hôtel Negresco\\, 37 promenade des Anglais\\; Nice');
    expect(ics).toContain('DESCRIPTION:Réservation n°7\\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(ics.replace(/\r\n /g, '')).toContain(`\\n${'é'.repeat(80)}`);
  });

  it('cancels with METHOD:CANCEL, the same UID and a raised SEQUENCE, so calendars remove the trip instead of piling up', () => {
    const event = { uid: 'booking-9-outbound@riviera-vtc.fr', start: new Date('2027-07-14T08:00:00Z'), durationMinutes: 30, summary: 'Nice → Monaco', location: 'Nice' };
    const published = buildIcs([event], new Date('2026-12-01T10:00:00Z')).split('\r\n');
    expect(published).toEqual(expect.arrayContaining(['METHOD:PUBLISH', 'SEQUENCE:0', 'STATUS:CONFIRMED']));
    const cancelled = buildIcs([{ ...event, sequence: 2 }], new Date('2026-12-02T10:00:00Z'), 'CANCEL').split('\r\n');
    expect(cancelled).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'UID:booking-9-outbound@riviera-vtc.fr', 'SEQUENCE:2', 'STATUS:CANCELLED']));
    expect(cancelled).not.toContain('METHOD:PUBLISH');
  });

  it.each([
    ['a bare CR', '\r'],
    ['CRLF', '\r\n'],
    ['LF', '\n'],
  ])('keeps a text with %s on its own line, so it cannot add calendar lines', (_name, lineBreak) => {
    const injected = `Nice${lineBreak}ATTENDEE:mailto:attacker@example.test${lineBreak}DTSTART:19700101T000000Z`;
    const ics = buildIcs(
      [{ uid: 'booking-8-outbound@riviera-vtc.fr', start: new Date('2027-07-14T08:00:00Z'), durationMinutes: 30, summary: injected, location: injected, description: `a\u0000b\u000bc${injected}` }],
      new Date('2026-12-01T10:00:00Z'),
    );
    // A lenient reader ends a line at any CR or LF: it must still find only the lines written.
    const lines = ics.replace(/\r\n /g, '').split(/\r\n|\r|\n/).filter(Boolean);
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'BEGIN', 'UID', 'SEQUENCE', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION', 'STATUS', 'END', 'END',
    ]);
    expect(lines).toContain('SUMMARY:Nice\\nATTENDEE:mailto:attacker@example.test\\nDTSTART:19700101T000000Z');
    expect(lines.find((line) => line.startsWith('DESCRIPTION:'))).toBe('DESCRIPTION:abcNice\\nATTENDEE:mailto:attacker@example.test\\nDTSTART:19700101T000000Z');
  });

  it.each([
    ['NEL (U+0085)', '\u0085'],
    ['LINE SEPARATOR (U+2028)', '\u2028'],
    ['PARAGRAPH SEPARATOR (U+2029)', '\u2029'],
  ])('writes %s as an escaped line break, never raw; drops C1 controls', (_name, lineBreak) => {
    const typed = `Nice${lineBreak}ATTENDEE:mailto:attacker@example.test`;
    const ics = buildIcs(
      [{ uid: 'booking-10-outbound@riviera-vtc.fr', start: new Date('2027-07-14T08:00:00Z'), durationMinutes: 30, summary: typed, location: typed, description: `a\u0080b\u009fc` }],
      new Date('2026-12-01T10:00:00Z'),
    );
    expect(ics).not.toMatch(/[\u0080-\u009f\u2028\u2029]/);
    // Read back as a reader that also ends lines at the Unicode line terminators: the lines written, the text intact.
    const lines = ics.replace(/\r\n /g, '').split(/\r\n|[\r\n\u0085\u2028\u2029]/).filter(Boolean);
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'BEGIN', 'VERSION', 'PRODID', 'CALSCALE', 'METHOD', 'BEGIN', 'UID', 'SEQUENCE', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION', 'STATUS', 'END', 'END',
    ]);
    const value = (name: string) => lines.find((line) => line.startsWith(`${name}:`))!.slice(name.length + 1).replace(/\\n/g, '\n').replace(/\\([\\;,])/g, '$1');
    expect(value('LOCATION')).toBe('Nice\nATTENDEE:mailto:attacker@example.test');
    expect(value('DESCRIPTION')).toBe('abc');
  });

  it('folds without splitting a character', () => {
    const folded = foldIcsLine(`SUMMARY:${'ن'.repeat(60)}`);
    expect(folded.split('\r\n ').join('')).toBe(`SUMMARY:${'ن'.repeat(60)}`);
  });
});
