import { sql, type SQLWrapper } from 'drizzle-orm';
import { findFixedPlace, normalizePlaceName } from '@vtc/shared/places/fixed-places';

/**
 * Matching a booking's origin and destination with a price-list route (decision 0020).
 * Both sides are reduced to a key: accents folded, lower case, anything but a-z and 0-9 as one
 * space ("Aéroport Nice Côte d'Azur" -> "aeroport nice cote d azur"). The key is computed in
 * JavaScript for the booking's places and in SQL for origins and destinations, so the small
 * price-list tables are searched by one query.
 */

/** The city a fixed airport or station serves, as price-list origins and destinations name it. */
export const FIXED_PLACE_CITIES: Readonly<Record<string, readonly string[]>> = {
  'airport-cannes-mandelieu': ['Cannes', 'Mandelieu-la-Napoule'],
  'airport-toulon-hyeres': ['Toulon', 'Hyères'],
  'airport-marseille-provence': ['Marseille'],
  'airport-nice-cote-d-azur': ['Nice'],
  'station-cannes': ['Cannes'],
  'station-marseille-saint-charles': ['Marseille'],
  'station-nice-ville': ['Nice'],
  'station-saint-raphael-valescure': ['Saint-Raphaël'],
};

export function routeMatchKey(name: string): string {
  return normalizePlaceName(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Latin letters with diacritics (U+00C0-U+017F) that fold to one ASCII letter, and that letter:
 * the same folding as `normalizePlaceName`, for SQL's translate(). Letters that do not fold
 * (ß, ø, ł, œ) are dropped on both sides.
 */
const [FOLD_FROM, FOLD_TO] = (() => {
  let from = '';
  let to = '';
  for (let code = 0xc0; code <= 0x17f; code += 1) {
    const letter = String.fromCharCode(code);
    const base = letter.normalize('NFD').replace(/\p{M}/gu, '');
    if (base !== letter && /^[A-Za-z]$/.test(base)) {
      from += letter;
      to += base;
    }
  }
  return [from, to];
})();

/** `routeMatchKey` in SQL. */
export function routeMatchKeySql(column: SQLWrapper) {
  return sql<string>`btrim(regexp_replace(lower(translate(${column}, ${FOLD_FROM}::text, ${FOLD_TO}::text)), '[^a-z0-9]+', ' ', 'g'))`;
}

/**
 * Keys a place may be listed under, most specific first: its own title, the fixed place's names
 * (fr, en), the city a fixed airport or station serves, then each comma-separated part of the
 * title from the last, postcodes removed ("12 rue de France, 06000 Nice" -> "nice").
 */
export function placeMatchKeys(place: { title: string; placeId?: string | null | undefined }): string[] {
  const fixed = place.placeId ? findFixedPlace(place.placeId) : undefined;
  const names = [
    place.title,
    ...(fixed ? [fixed.name.fr, fixed.name.en, ...(FIXED_PLACE_CITIES[fixed.id] ?? [])] : []),
    ...place.title
      .split(',')
      .reverse()
      .map((part) => part.replace(/\b\d[\d ]*\b/g, ' ')),
  ];
  return [...new Set(names.map(routeMatchKey).filter((key) => key !== ''))];
}

export type RouteCandidate = { entryId: number; originKeys: string[]; destinationKeys: string[] };

/**
 * The best listed route for the keys: the one whose origin matches the most specific origin key,
 * then the most specific destination key; ties go to the oldest entry.
 */
export function pickRoute<T extends RouteCandidate>(candidates: readonly T[], originKeys: readonly string[], destinationKeys: readonly string[]): T | undefined {
  const rank = (keys: readonly string[], wanted: readonly string[]) => {
    const found = keys.map((key) => wanted.indexOf(key)).filter((index) => index >= 0);
    return found.length ? Math.min(...found) : Number.POSITIVE_INFINITY;
  };
  return [...candidates]
    .map((candidate) => ({ candidate, o: rank(candidate.originKeys, originKeys), d: rank(candidate.destinationKeys, destinationKeys) }))
    .filter((entry) => Number.isFinite(entry.o) && Number.isFinite(entry.d))
    .sort((a, b) => a.o - b.o || a.d - b.d || a.candidate.entryId - b.candidate.entryId)[0]?.candidate;
}
