import { describe, expect, it } from 'vitest';
import {
  addressCountries,
  AIRPORTS,
  BASE_CITIES,
  FIXED_PLACES,
  findFixedPlace,
  fixedPlacesFor,
  normalizePlaceName,
  placeTitle,
  resolveFixedPlace,
  STATIONS,
  TOWNS,
} from './fixed-places.ts';

describe('fixed places', () => {
  it('holds the lists of spec section 9 and the base cities', () => {
    expect(AIRPORTS).toHaveLength(4);
    expect(STATIONS).toHaveLength(4);
    expect(TOWNS.filter((t) => t.country === 'ES')).toHaveLength(6);
    expect(TOWNS.filter((t) => t.country === 'IT')).toHaveLength(11);
    expect(TOWNS.filter((t) => t.country === 'CH')).toHaveLength(4);
    expect(BASE_CITIES.map((c) => c.name.fr)).toEqual(['Nice', 'Cannes', 'Monaco', 'Marseille', 'Toulon']);
  });
  it('has unique kebab-case ids, names in every language and plausible coordinates', () => {
    expect(new Set(FIXED_PLACES.map((p) => p.id)).size).toBe(FIXED_PLACES.length);
    for (const place of FIXED_PLACES) {
      expect(place.id).toMatch(/^[a-z]+(-[a-z]+)+$/);
      expect(place.name.fr && place.name.en && place.name.ar).toBeTruthy();
      expect(place.name.ar).toMatch(/^[\u0600-\u06FF -]+$/);
      // Everything lies between southern Spain and northern Switzerland.
      expect(place.lat).toBeGreaterThan(39);
      expect(place.lat).toBeLessThan(48);
      expect(place.lon).toBeGreaterThan(-4);
      expect(place.lon).toBeLessThan(13);
    }
  });
  it('finds places by id, by mode and by title in any language', () => {
    expect(findFixedPlace('airport-nice-cote-d-azur')?.iata).toBe('NCE');
    expect(fixedPlacesFor('station').map((p) => p.id)).toEqual(STATIONS.map((p) => p.id));
    expect(fixedPlacesFor('address')).toEqual([]);
    expect(resolveFixedPlace('airport', { placeId: 'airport-marseille-provence' })?.id).toBe('airport-marseille-provence');
    expect(resolveFixedPlace('airport', { placeId: 'station-cannes' })).toBeUndefined();
    expect(resolveFixedPlace('town', { title: 'genes' })?.id).toBe('town-genoa');
    expect(resolveFixedPlace('town', { title: 'Zürich' })?.id).toBe('town-zurich');
    expect(resolveFixedPlace('airport', { title: 'aeroport nice cote d’azur' })?.id).toBe('airport-nice-cote-d-azur');
    expect(resolveFixedPlace('station', { title: 'Gare de Lyon' })).toBeUndefined();
  });
  it('accepts every airport and station under the name spec section 9 gives it', () => {
    const spec: [mode: 'airport' | 'station', title: string, id: string][] = [
      ['airport', 'Cannes-Mandelieu', 'airport-cannes-mandelieu'],
      ['airport', 'Toulon-Hyères', 'airport-toulon-hyeres'],
      ['airport', 'Marseille Provence', 'airport-marseille-provence'],
      ['airport', "Nice Côte d'Azur", 'airport-nice-cote-d-azur'],
      ['airport', 'NCE', 'airport-nice-cote-d-azur'],
      ['station', 'Cannes', 'station-cannes'],
      ['station', 'Marseille-Saint-Charles', 'station-marseille-saint-charles'],
      ['station', 'Nice-Ville', 'station-nice-ville'],
      ['station', 'Saint-Raphaël-Valescure', 'station-saint-raphael-valescure'],
      ['station', 'saint raphael valescure', 'station-saint-raphael-valescure'],
    ];
    for (const [mode, title, id] of spec) expect(resolveFixedPlace(mode, { title })?.id, title).toBe(id);
    // A spec name belongs to its own mode only.
    expect(resolveFixedPlace('airport', { title: 'Nice-Ville' })).toBeUndefined();
  });
  it('names a fixed place in the reader\'s language, any other place by its title', () => {
    const airport = { title: 'مطار نيس كوت دازور', placeId: 'airport-nice-cote-d-azur' };
    expect(placeTitle(airport, 'fr')).toBe("Aéroport Nice Côte d'Azur");
    expect(placeTitle(airport, 'en')).toBe("Nice Côte d'Azur Airport");
    expect(placeTitle(airport, 'ar')).toBe('مطار نيس كوت دازور');
    expect(placeTitle({ title: 'Nice', placeId: 'city-nice' }, 'ar')).toBe('نيس');
    expect(placeTitle({ title: '12 rue de France, Nice', placeId: 'geonames:2990440' }, 'ar')).toBe('12 rue de France, Nice');
    expect(placeTitle({ title: 'Gare de Lyon', placeId: null }, 'en')).toBe('Gare de Lyon');
  });
  it('normalizes names', () => {
    expect(normalizePlaceName("  Aéroport Nice Côte d'Azur ")).toBe('aeroport nice cote d azur');
  });
  it('widens address countries with the Europe option', () => {
    expect(addressCountries(false)).toEqual(['FR', 'MC']);
    expect(addressCountries(true)).toContain('IT');
  });
});
