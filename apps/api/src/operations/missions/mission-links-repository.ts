import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bookingStatusHistory, missionLinks } from '../../platform/db/schema.ts';
import { createOpaqueToken, hashToken } from '../../platform/lib/random-token.ts';

export type MissionLinkRow = typeof missionLinks.$inferSelect;

/** A new link for this chauffeur and booking; the token is handed out once, only its hash is kept. */
export async function issueMissionLink(tx: DbOrTx, bookingId: number, driverId: number, expiresAt: Date): Promise<string> {
  const { token, hash } = createOpaqueToken();
  await tx.insert(missionLinks).values({ bookingId, driverId, tokenHash: hash, expiresAt });
  return token;
}

/** Kills every live link of the booking: links already mailed stop working at once. */
export async function revokeMissionLinks(tx: DbOrTx, bookingId: number): Promise<void> {
  await tx
    .update(missionLinks)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(missionLinks.bookingId, bookingId), isNull(missionLinks.revokedAt)));
}

/**
 * The link of this booking whose token this is, with whether it has expired (judged by the
 * database's clock); undefined for a wrong token or another booking's. With `lock`, the row is
 * locked until the transaction ends, so two status changes through one link run one after the other.
 */
export async function findMissionLink(
  db: DbOrTx,
  bookingId: number,
  token: string,
  options: { lock?: boolean } = {},
): Promise<(MissionLinkRow & { expired: boolean }) | undefined> {
  const query = db
    .select({ link: missionLinks, expired: sql<boolean>`${missionLinks.expiresAt} <= now()` })
    .from(missionLinks)
    .where(and(eq(missionLinks.tokenHash, hashToken(token)), eq(missionLinks.bookingId, bookingId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? { ...row.link, expired: row.expired } : undefined;
}

export async function setMissionLinkStatus(tx: DbOrTx, id: number, status: NonNullable<MissionLinkRow['status']>): Promise<void> {
  await tx.update(missionLinks).set({ status }).where(eq(missionLinks.id, id));
}

/** The mission statuses recorded in the booking's history since this link was issued, oldest first. */
export async function listMissionSteps(db: DbOrTx, bookingId: number, since: Date) {
  return db
    .select({ status: bookingStatusHistory.missionStatus, at: bookingStatusHistory.createdAt })
    .from(bookingStatusHistory)
    .where(
      and(
        eq(bookingStatusHistory.bookingId, bookingId),
        isNotNull(bookingStatusHistory.missionStatus),
        gte(bookingStatusHistory.createdAt, since),
      ),
    )
    .orderBy(asc(bookingStatusHistory.createdAt), asc(bookingStatusHistory.id));
}

/** The booking's live link: the newest one not revoked, of the booking's current chauffeur; undefined when none. */
export async function findLiveMissionLink(db: DbOrTx, bookingId: number, driverId: number): Promise<MissionLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(missionLinks)
    .where(and(eq(missionLinks.bookingId, bookingId), eq(missionLinks.driverId, driverId), isNull(missionLinks.revokedAt)))
    .orderBy(desc(missionLinks.id))
    .limit(1);
  return row;
}
