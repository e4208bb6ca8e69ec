import type { Language } from '../i18n/languages.ts';
import { BASE_CITIES, normalizePlaceName, TOWNS } from './fixed-places.ts';

const cities = [...BASE_CITIES, ...TOWNS];

/**
 * A city's name for a reader (decision 0074): the fixed places' name in their language when the
 * city is one of them ("Nice" is "نيس" in Arabic), else the name as the company typed it.
 */
export function cityName(name: string, language: Language): string {
  const wanted = normalizePlaceName(name);
  const place = cities.find((city) => Object.values(city.name).some((known) => normalizePlaceName(known) === wanted));
  return place ? place.name[language] : name;
}
