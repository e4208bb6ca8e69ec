import { z } from 'zod';
import { SeasonName } from '../calendar/season-schemas.ts';

const LocalizedText = z.object({ fr: z.string(), en: z.string(), ar: z.string() });
const Place = z.object({ name: z.string(), lat: z.number(), lon: z.number() });

/**
 * A tour (issue 22) as the site and the back office read it: its names and descriptions in the
 * three languages, its duration, photo, departure places, the places it visits, each car's price
 * in the current season (`prices`: visible cars priced this season) and every price per season
 * (`seasonPrices`, what the back office edits).
 */
export const TourItem = z.object({
  id: z.number().int(),
  name: LocalizedText,
  description: LocalizedText,
  durationHours: z.number().int(),
  imgUrl: z.string().nullable(),
  hidden: z.boolean(),
  departures: z.array(Place),
  visits: z.array(Place),
  prices: z.array(
    z.object({
      carId: z.number().int(),
      carName: z.string(),
      seats: z.number().int(),
      packages: z.number().int(),
      price: z.number().meta({ description: 'EUR' }),
      priceCents: z.number().int(),
    }),
  ).meta({ description: "Each visible car's price in the current season (Paris date), cheapest first" }),
  seasonPrices: z.array(
    z.object({
      carId: z.number().int(),
      seasonId: z.number().int(),
      seasonName: SeasonName,
      price: z.number().meta({ description: 'EUR' }),
      priceCents: z.number().int(),
    }),
  ),
  createdAt: z.string().meta({ format: 'date-time' }),
});
export type TourItem = z.infer<typeof TourItem>;
