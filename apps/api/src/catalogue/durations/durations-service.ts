import type { DurationBody } from '@vtc/shared/calendar/duration-schemas';
import type { Db } from '../../platform/db/client.ts';
import { notFound } from '../../platform/lib/app-error.ts';
import { deleteDuration, insertDuration, listDurations, updateDuration, type DurationRow, type DurationValues } from './durations-repository.ts';

const toValues = (body: DurationBody): DurationValues => ({
  origin: body.origin,
  destination: body.destination,
  durationMinutes: body.duration,
});

export async function getDurations(db: Db): Promise<DurationRow[]> {
  return listDurations(db);
}

export async function addDuration(db: Db, body: DurationBody): Promise<DurationRow> {
  return insertDuration(db, toValues(body));
}

export async function editDuration(db: Db, id: number, body: DurationBody): Promise<DurationRow> {
  const duration = await updateDuration(db, id, toValues(body));
  if (!duration) throw notFound();
  return duration;
}

export async function removeDuration(db: Db, id: number): Promise<DurationRow> {
  const duration = await deleteDuration(db, id);
  if (!duration) throw notFound();
  return duration;
}
