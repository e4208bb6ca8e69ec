import { z } from 'zod';
import { LocationMode } from '../booking/booking-schemas.ts';

export const OriginItem = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string().nullable().meta({ description: 'URL slug of the price-list page; null: use name' }),
  names: z
    .object({ fr: z.string(), en: z.string(), ar: z.string() })
    .meta({ description: 'The city as readers see it, per language: the known name of a known city, else `name`' }),
});
export type OriginItem = z.infer<typeof OriginItem>;

/** Where a destination is, from the gazetteer by its name (null when it knows no such place): the price list's map. */
export const DestinationCoordinates = {
  lat: z.number().nullable().meta({ description: 'Latitude of the place of this name, null when unknown' }),
  lon: z.number().nullable().meta({ description: 'Longitude of the place of this name, null when unknown' }),
};

export const DestinationItem = z.object({ id: z.number().int(), name: z.string(), originId: z.number().int(), ...DestinationCoordinates });
export type DestinationItem = z.infer<typeof DestinationItem>;

/** A place offered by the booking form's location picker (`/api/places/suggest` and `/api/places/fixed`). */
export const PlaceItem = z.object({
  title: z.string().meta({ description: 'Label in the language of Accept-Language (fixed places) or as found' }),
  type: LocationMode,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  placeId: z.string().meta({ description: "Send it back in the booking's place: fixed id, 'geonames:<id>' or the maps id" }),
  country: z.string().nullable().meta({ description: 'ISO 3166-1 alpha-2, when known' }),
});
export type PlaceItem = z.infer<typeof PlaceItem>;
