import { cityName } from '@vtc/shared/places/city-name';
import type { OriginItem } from '@vtc/shared/places/place-responses';
import type { OriginRow } from './origins-repository.ts';

/** An origin, with its name for each language's readers (menus and headings show it, not the slug). */
export const toOriginItem = (row: OriginRow): OriginItem => ({
  id: row.id,
  name: row.name,
  title: row.title,
  names: { fr: cityName(row.name, 'fr'), en: cityName(row.name, 'en'), ar: cityName(row.name, 'ar') },
});
