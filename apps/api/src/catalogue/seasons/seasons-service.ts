import { seasonsOverlap } from '@vtc/shared/pricing/find-season';
import type { SeasonBody } from '@vtc/shared/calendar/season-schemas';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/lib/app-error.ts';
import {
  deleteSeason,
  findSeasonById,
  insertSeason,
  listSeasons,
  lockSeasons,
  updateSeason,
  type SeasonRow,
} from './seasons-repository.ts';

/**
 * Seasons may not share a month: a trip is priced with the season holding its pickup month, so
 * that must be one season only (decisions §3). Runs under the seasons lock.
 */
async function checkNoOverlap(tx: DbOrTx, body: SeasonBody, exceptId?: number): Promise<void> {
  const others = (await listSeasons(tx)).filter((season) => season.id !== exceptId);
  if (others.some((season) => seasonsOverlap(season, body))) {
    throw new AppError(409, 'season_overlap', {}, [{ path: 'startMonth', message: 'season_overlap' }]);
  }
}

export async function getSeasons(db: Db): Promise<SeasonRow[]> {
  return listSeasons(db);
}

export async function addSeason(db: Db, body: SeasonBody): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    await checkNoOverlap(tx, body);
    return insertSeason(tx, body);
  });
}

export async function editSeason(db: Db, id: number, body: SeasonBody): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    await lockSeasons(tx);
    if (!(await findSeasonById(tx, id))) throw notFound();
    await checkNoOverlap(tx, body, id);
    const season = await updateSeason(tx, id, body);
    if (!season) throw notFound();
    return season;
  });
}

/** Deletes a season with its pricing bands. */
export async function removeSeason(db: Db, id: number): Promise<SeasonRow> {
  const season = await deleteSeason(db, id);
  if (!season) throw notFound();
  return season;
}
