/** A season's month range, inclusive at both ends; `startMonth > endMonth` wraps the year end (11 -> 2). */
export interface SeasonRange {
  startMonth: number;
  endMonth: number;
}

/** Whether a month (1-12) lies in a season's range; a range may wrap the year end. */
export function monthInSeason(month: number, season: SeasonRange): boolean {
  const { startMonth, endMonth } = season;
  return startMonth <= endMonth ? month >= startMonth && month <= endMonth : month >= startMonth || month <= endMonth;
}

/**
 * The season holding a month (1-12). Seasons should not overlap (see `seasonsOverlap`); if they
 * do, the first in the given order wins, so callers pass them in a stable order (by id).
 */
export function findSeason<S extends SeasonRange>(month: number, seasons: readonly S[]): S | undefined {
  return seasons.find((season) => monthInSeason(month, season));
}

/** The months (1-12) a season covers, in calendar order. */
export function seasonMonths(season: SeasonRange): number[] {
  return Array.from({ length: 12 }, (_, index) => index + 1).filter((month) => monthInSeason(month, season));
}

/** Whether two seasons share at least one month. */
export function seasonsOverlap(a: SeasonRange, b: SeasonRange): boolean {
  return seasonMonths(a).some((month) => monthInSeason(month, b));
}
