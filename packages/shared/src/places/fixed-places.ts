import type { Language } from '../i18n/languages.ts';

/**
 * The fixed lists of spec section 9 (airports, stations, European towns) and the company's base
 * cities, with coordinates for the offline distance estimate (decisions 5). Ids are stable slugs:
 * bookings and the web picker refer to places by id.
 */

/** How a location is chosen in the booking form (spec section 2). */
export const LOCATION_MODES = ['address', 'airport', 'station', 'town'] as const;
export type LocationMode = (typeof LOCATION_MODES)[number];
/** The modes that pick from a fixed list. */
export type FixedPlaceMode = Exclude<LocationMode, 'address'>;

/** ISO 3166-1 alpha-2 codes of the countries the fixed places are in. */
export type CountryCode = 'FR' | 'MC' | 'ES' | 'IT' | 'CH' | 'DE' | 'BE' | 'LU' | 'AD';
/**
 * Countries an address may be in. Without the Europe option the address suggestions stay in
 * France and Monaco; with it they cover every country neighbouring France (decisions 5): Spain,
 * Italy, Switzerland, Germany, Belgium, Luxembourg and Andorra. The town list is always
 * offered, since it is the European destinations list.
 */
export const HOME_COUNTRIES: readonly CountryCode[] = ['FR', 'MC'];
export const EUROPE_COUNTRIES: readonly CountryCode[] = ['FR', 'MC', 'ES', 'IT', 'CH', 'DE', 'BE', 'LU', 'AD'];

export function addressCountries(europe: boolean): readonly CountryCode[] {
  return europe ? EUROPE_COUNTRIES : HOME_COUNTRIES;
}

export interface FixedPlace {
  id: string;
  kind: FixedPlaceMode | 'city';
  name: Record<Language, string>;
  country: CountryCode;
  lat: number;
  lon: number;
  /** IATA code, airports only. */
  iata?: string;
  /** Other names a client may send: the name spec section 9 lists ("Saint-Raphaël-Valescure"). */
  aliases?: readonly string[];
}

type PlaceRow = [id: string, fr: string, en: string, ar: string, country: CountryCode, lat: number, lon: number];

function places(kind: FixedPlace['kind'], rows: PlaceRow[]): readonly FixedPlace[] {
  return rows.map(([id, fr, en, ar, country, lat, lon]) => ({ id, kind, name: { fr, en, ar }, country, lat, lon }));
}

export const AIRPORTS: readonly FixedPlace[] = places('airport', [
  ['airport-cannes-mandelieu', 'Aéroport de Cannes-Mandelieu', 'Cannes-Mandelieu Airport', 'مطار كان-ماندليو', 'FR', 43.542, 6.9533],
  ['airport-toulon-hyeres', 'Aéroport de Toulon-Hyères', 'Toulon-Hyères Airport', 'مطار تولون-هيير', 'FR', 43.0973, 6.146],
  ['airport-marseille-provence', 'Aéroport Marseille Provence', 'Marseille Provence Airport', 'مطار مرسيليا بروفانس', 'FR', 43.4393, 5.2214],
  ['airport-nice-cote-d-azur', "Aéroport Nice Côte d'Azur", "Nice Côte d'Azur Airport", 'مطار نيس كوت دازور', 'FR', 43.6584, 7.2159],
]).map((place, index) => ({ ...place, iata: ['CEQ', 'TLN', 'MRS', 'NCE'][index] }));

export const STATIONS: readonly FixedPlace[] = places('station', [
  ['station-cannes', 'Gare de Cannes', 'Cannes station', 'محطة قطار كان', 'FR', 43.5534, 7.0197],
  ['station-marseille-saint-charles', 'Gare de Marseille-Saint-Charles', 'Marseille-Saint-Charles station', 'محطة مرسيليا سان شارل', 'FR', 43.3026, 5.3806],
  ['station-nice-ville', 'Gare de Nice-Ville', 'Nice-Ville station', 'محطة نيس فيل', 'FR', 43.7047, 7.2619],
  ['station-saint-raphael-valescure', 'Gare de Saint-Raphaël-Valescure', 'Saint-Raphaël-Valescure station', 'محطة سان رافاييل فالسكور', 'FR', 43.4232, 6.7686],
]);

export const TOWNS: readonly FixedPlace[] = places('town', [
  ['town-barcelona', 'Barcelone', 'Barcelona', 'برشلونة', 'ES', 41.3874, 2.1686],
  ['town-bilbao', 'Bilbao', 'Bilbao', 'بلباو', 'ES', 43.263, -2.935],
  ['town-girona', 'Gérone', 'Girona', 'جيرونا', 'ES', 41.9794, 2.8214],
  ['town-madrid', 'Madrid', 'Madrid', 'مدريد', 'ES', 40.4168, -3.7038],
  ['town-zaragoza', 'Saragosse', 'Zaragoza', 'سرقسطة', 'ES', 41.6488, -0.8891],
  ['town-valencia', 'Valence (Espagne)', 'Valencia', 'بلنسية', 'ES', 39.4699, -0.3763],
  ['town-bologna', 'Bologne', 'Bologna', 'بولونيا', 'IT', 44.4949, 11.3426],
  ['town-bordighera', 'Bordighera', 'Bordighera', 'بورديغيرا', 'IT', 43.7808, 7.6646],
  ['town-florence', 'Florence', 'Florence', 'فلورنسا', 'IT', 43.7696, 11.2558],
  ['town-genoa', 'Gênes', 'Genoa', 'جنوة', 'IT', 44.4056, 8.9463],
  ['town-imperia', 'Imperia', 'Imperia', 'إمبيريا', 'IT', 43.8897, 8.0297],
  ['town-milan', 'Milan', 'Milan', 'ميلانو', 'IT', 45.4642, 9.19],
  ['town-rome', 'Rome', 'Rome', 'روما', 'IT', 41.9028, 12.4964],
  ['town-san-remo', 'San Remo', 'San Remo', 'سانريمو', 'IT', 43.8159, 7.776],
  ['town-savona', 'Savone', 'Savona', 'سافونا', 'IT', 44.3091, 8.4772],
  ['town-turin', 'Turin', 'Turin', 'تورينو', 'IT', 45.0703, 7.6869],
  ['town-ventimiglia', 'Vintimille', 'Ventimiglia', 'فينتيميليا', 'IT', 43.7903, 7.608],
  ['town-bern', 'Berne', 'Bern', 'برن', 'CH', 46.948, 7.4474],
  ['town-geneva', 'Genève', 'Geneva', 'جنيف', 'CH', 46.2044, 6.1432],
  ['town-lausanne', 'Lausanne', 'Lausanne', 'لوزان', 'CH', 46.5197, 6.6323],
  ['town-zurich', 'Zurich', 'Zurich', 'زيورخ', 'CH', 47.3769, 8.5417],
]);

/** The base area of spec section 1, used as price-list origins in the demo data. */
export const BASE_CITIES: readonly FixedPlace[] = places('city', [
  ['city-nice', 'Nice', 'Nice', 'نيس', 'FR', 43.7102, 7.262],
  ['city-cannes', 'Cannes', 'Cannes', 'كان', 'FR', 43.5528, 7.0174],
  ['city-monaco', 'Monaco', 'Monaco', 'موناكو', 'MC', 43.7384, 7.4246],
  ['city-marseille', 'Marseille', 'Marseille', 'مرسيليا', 'FR', 43.2965, 5.3698],
  ['city-toulon', 'Toulon', 'Toulon', 'تولون', 'FR', 43.1242, 5.928],
]);

/** The names of spec section 9, as its old client sent them: accepted as titles of their mode. */
const SPEC_NAMES: Record<string, string> = {
  'airport-cannes-mandelieu': 'Cannes-Mandelieu',
  'airport-toulon-hyeres': 'Toulon-Hyères',
  'airport-marseille-provence': 'Marseille Provence',
  'airport-nice-cote-d-azur': "Nice Côte d'Azur",
  'station-cannes': 'Cannes',
  'station-marseille-saint-charles': 'Marseille-Saint-Charles',
  'station-nice-ville': 'Nice-Ville',
  'station-saint-raphael-valescure': 'Saint-Raphaël-Valescure',
};

function withAliases(place: FixedPlace): FixedPlace {
  const aliases = [SPEC_NAMES[place.id], place.iata].filter((alias): alias is string => alias !== undefined);
  return aliases.length > 0 ? { ...place, aliases } : place;
}

export const FIXED_PLACES: readonly FixedPlace[] = [...AIRPORTS, ...STATIONS, ...TOWNS, ...BASE_CITIES].map(withAliases);

const byId = new Map(FIXED_PLACES.map((place) => [place.id, place]));

export function findFixedPlace(id: string): FixedPlace | undefined {
  return byId.get(id);
}

const byKind = new Map<FixedPlace['kind'], FixedPlace[]>();
for (const place of FIXED_PLACES) byKind.set(place.kind, [...(byKind.get(place.kind) ?? []), place]);

/** The fixed list offered by a location mode (empty for 'address'). */
export function fixedPlacesFor(mode: LocationMode): readonly FixedPlace[] {
  return (mode === 'address' ? undefined : byKind.get(mode)) ?? [];
}

/**
 * The name a reader sees for a booking's place (decision 0098): a fixed place (airport, station,
 * town, base city) in the reader's language, found by its id; any other place by the title the
 * customer chose. A booking made in Arabic thus reaches the company in French.
 */
export function placeTitle(place: { title: string; placeId?: string | null | undefined }, language: Language): string {
  const fixed = place.placeId ? byId.get(place.placeId) : undefined;
  return fixed ? fixed.name[language] : place.title;
}

/** Lower case, accents and punctuation removed: "Aéroport Nice Côte d'Azur" -> "aeroport nice cote d azur". */
export function normalizePlaceName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * The fixed place of a mode with this id, or whose name in any language matches `title`
 * (accents, case and punctuation ignored). Lets a client that sends only a title still be placed.
 */
export function resolveFixedPlace(mode: FixedPlaceMode, ref: { placeId?: string | undefined; title?: string | undefined }): FixedPlace | undefined {
  const list = fixedPlacesFor(mode);
  if (ref.placeId) return list.find((place) => place.id === ref.placeId);
  if (!ref.title) return undefined;
  const wanted = normalizePlaceName(ref.title);
  return list.find((place) => [...Object.values(place.name), ...(place.aliases ?? [])].some((name) => normalizePlaceName(name) === wanted));
}
