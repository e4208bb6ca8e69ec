// The catalogue: cars, seasons, km-band rates, fixed routes, holidays, durations.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const seasonNameEnum = pgEnum('season_name', ['summer', 'winter', 'spring', 'autumn']);

export const locationTypeEnum = pgEnum('location_type', ['address', 'airport', 'station', 'town']);

export const cars = pgTable('cars', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  number: text('number').notNull(),
  model: text('model').notNull(),
  seats: integer('seats').notNull(),
  packages: integer('packages').notNull(),
  imgUrl: text('img_url'),
  /** Hidden from customers (funnel, price list, public pages) but kept with its prices (decision 0074). */
  hidden: boolean('hidden').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    name: seasonNameEnum('name').notNull(),
    startMonth: integer('start_month').notNull(),
    endMonth: integer('end_month').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('seasons_start_month_check', sql`${t.startMonth} between 1 and 12`),
    check('seasons_end_month_check', sql`${t.endMonth} between 1 and 12`),
  ],
);

/** One km band of one car in one season. Amounts in cents; per-km rates in cents per km. */
export const pricings = pgTable(
  'pricings',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    kmStart: integer('km_start').notNull(),
    kmEnd: integer('km_end'),
    minPriceCents: integer('min_price_cents'),
    pricePerKmCents: integer('price_per_km_cents'),
    minPriceNightCents: integer('min_price_night_cents'),
    priceNightPerKmCents: integer('price_night_per_km_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pricings_car_season_idx').on(t.carId, t.seasonId, t.kmStart),
    index('pricings_season_idx').on(t.seasonId),
  ],
);

/** A car's hire rate (by the hour, by the day) in one season; amounts in cents (issue 22). */
export const hourlyRates = pgTable(
  'hourly_rates',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    pricePerHourCents: integer('price_per_hour_cents').notNull(),
    minHours: integer('min_hours').notNull(),
    kmIncludedPerHour: integer('km_included_per_hour').notNull(),
    pricePerExtraKmCents: integer('price_per_extra_km_cents').notNull(),
    pricePerDayCents: integer('price_per_day_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('hourly_rates_car_season_key').on(t.carId, t.seasonId),
    index('hourly_rates_season_idx').on(t.seasonId),
    check('hourly_rates_amounts_check', sql`${t.pricePerHourCents} >= 0 and ${t.pricePerExtraKmCents} >= 0 and ${t.minHours} >= 1 and ${t.kmIncludedPerHour} >= 0`),
  ],
);

/** A tour sold at a fixed price per car and season (issue 22); texts in fr, en and ar. */
export const tours = pgTable('tours', {
  id: serial('id').primaryKey(),
  nameFr: text('name_fr').notNull(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
  descriptionFr: text('description_fr').notNull(),
  descriptionEn: text('description_en').notNull(),
  descriptionAr: text('description_ar').notNull(),
  durationHours: integer('duration_hours').notNull(),
  imgUrl: text('img_url'),
  /** Hidden from customers, kept with its prices. */
  hidden: boolean('hidden').notNull().default(false),
  /** `{ name, lat, lon }[]`: where the tour may start. */
  departures: jsonb('departures').$type<{ name: string; lat: number; lon: number }[]>().notNull(),
  /** `{ name, lat, lon }[]`: the places visited, in order, drawn on the map. */
  visits: jsonb('visits').$type<{ name: string; lat: number; lon: number }[]>().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A tour's price in one car and one season, in cents. */
export const tourPrices = pgTable(
  'tour_prices',
  {
    id: serial('id').primaryKey(),
    tourId: integer('tour_id')
      .notNull()
      .references(() => tours.id, { onDelete: 'cascade' }),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    uniqueIndex('tour_prices_tour_car_season_key').on(t.tourId, t.carId, t.seasonId),
    index('tour_prices_car_idx').on(t.carId),
    index('tour_prices_season_idx').on(t.seasonId),
    check('tour_prices_amount_check', sql`${t.priceCents} >= 0`),
  ],
);

export const origins = pgTable(
  'origins',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    title: text('title'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('origins_name_key').on(t.name)],
);

export const destinations = pgTable(
  'destinations',
  {
    id: serial('id').primaryKey(),
    originId: integer('origin_id')
      .notNull()
      .references(() => origins.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('destinations_origin_name_key').on(t.originId, t.name)],
);

/** A fixed-price route: an origin and one of its destinations, with a price per car. */
export const pricingListEntries = pgTable(
  'pricing_list_entries',
  {
    id: serial('id').primaryKey(),
    originId: integer('origin_id')
      .notNull()
      .references(() => origins.id, { onDelete: 'cascade' }),
    destinationId: integer('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
    placeTo: text('place_to'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pricing_list_entries_route_key').on(t.originId, t.destinationId)],
);

export const pricingListPrices = pgTable(
  'pricing_list_prices',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => pricingListEntries.id, { onDelete: 'cascade' }),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
  },
  (t) => [
    uniqueIndex('pricing_list_prices_entry_car_key').on(t.entryId, t.carId),
    index('pricing_list_prices_car_idx').on(t.carId),
  ],
);

/**
 * A public holiday rule (decision 0073): a fixed day and month every year (`fixed`), or a number
 * of days after Easter Sunday (`easter`: Easter Monday 1, Ascension 39, Whit Monday 50).
 */
export const holidays = pgTable(
  'holidays',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['fixed', 'easter'] }).notNull().default('fixed'),
    day: integer('day'),
    month: integer('month'),
    easterOffset: integer('easter_offset'),
    createdAt: createdAt(),
  },
  (t) => [
    // One row per rule; the rows already there were deduplicated first (migration holidays_dedupe).
    uniqueIndex('holidays_fixed_date_key').on(t.month, t.day).where(sql`${t.kind} = 'fixed'`),
    uniqueIndex('holidays_easter_offset_key').on(t.easterOffset).where(sql`${t.kind} = 'easter'`),
    check(
      'holidays_rule_check',
      sql`(${t.kind} = 'fixed' and ${t.day} between 1 and 31 and ${t.month} between 1 and 12 and ${t.easterOffset} is null)
        or (${t.kind} = 'easter' and ${t.easterOffset} between -100 and 100 and ${t.day} is null and ${t.month} is null)`,
    ),
  ],
);

export const durations = pgTable('durations', {
  id: serial('id').primaryKey(),
  origin: text('origin').notNull(),
  destination: text('destination').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  createdAt: createdAt(),
});
