import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { destinations, origins, pricingListEntries } from '../../platform/db/schema.ts';
import type { CatalogueCar } from '../../catalogue/catalogue-snapshot.ts';
import { prepareOnce } from '../../platform/db/prepared-statements.ts';
import { pickRoute, routeMatchKeySql } from '../../catalogue/places/route-match.ts';

/** A car as pricing needs it, with its price-list price on the booking's route (null: none). */
export type CarForPricing = CatalogueCar & { routePriceCents: number | null };

const originName = routeMatchKeySql(origins.name);
const originTitle = routeMatchKeySql(origins.title);
const destinationName = routeMatchKeySql(destinations.name);
const placeTo = routeMatchKeySql(pricingListEntries.placeTo);
const anyKey = (key: SQL, list: string) => sql`${key} = any(${sql.placeholder(list)}::text[])`;

const matchingRoutes = (db: DbOrTx) =>
  db
    .select({ entryId: pricingListEntries.id, originName, originTitle, destinationName, placeTo })
    .from(pricingListEntries)
    .innerJoin(origins, eq(origins.id, pricingListEntries.originId))
    .innerJoin(destinations, eq(destinations.id, pricingListEntries.destinationId))
    .where(
      and(
        or(anyKey(originName, 'originKeys'), anyKey(originTitle, 'originKeys')),
        or(anyKey(destinationName, 'destinationKeys'), anyKey(placeTo, 'destinationKeys')),
      ),
    )
    .prepare('matching_routes');

/**
 * The price-list route of a trip (decision 0020): the entry whose origin and destination match
 * the places' keys, the most specific match first; null when none does. Run once, at step one.
 */
export async function findRouteEntry(db: DbOrTx, originKeys: readonly string[], destinationKeys: readonly string[]): Promise<number | null> {
  if (originKeys.length === 0 || destinationKeys.length === 0) return null;
  const rows = await prepareOnce(db, 'matching_routes', matchingRoutes).execute({
    originKeys: [...originKeys],
    destinationKeys: [...destinationKeys],
  });
  const best = pickRoute(
    rows.map((row) => ({
      entryId: row.entryId,
      originKeys: [row.originName, row.originTitle].filter((key): key is string => Boolean(key)),
      destinationKeys: [row.destinationName, row.placeTo].filter((key): key is string => Boolean(key)),
    })),
    originKeys,
    destinationKeys,
  );
  return best?.entryId ?? null;
}
