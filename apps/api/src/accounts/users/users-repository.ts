import { and, asc, count, eq, gt, inArray, notInArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { prepareOnce } from '../../platform/db/prepared-statements.ts';
import { bookings, users } from '../../platform/db/schema.ts';
import { matchesAll, type SearchTerms } from '../../platform/db/text-search.ts';
import type { PublicUser } from '@vtc/shared/auth/auth-schemas';

export type UserRow = typeof users.$inferSelect;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    phone: user.phone,
    role: user.role,
    email_verified: user.emailVerifiedAt !== null,
    sms_consent: user.smsConsentAt !== null,
    billing: user.billing && {
      companyName: user.billing.companyName,
      address: user.billing.address,
      siren: user.billing.siren,
      vatNumber: user.billing.vatNumber,
    },
  };
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row;
}

/** One prepared query: read on every profile, booking page and token refresh. */
export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await prepareOnce(db, 'user_by_id', (d) =>
    d.select().from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('user_by_id'),
  ).execute({ id });
  return row;
}

export async function insertUser(
  db: DbOrTx,
  values: {
    email: string;
    passwordHash: string;
    fullName: string;
    phone: string;
    role?: 'user' | 'admin';
    language?: 'fr' | 'en' | 'ar';
    emailVerifiedAt?: Date;
    termsVersion?: string;
    termsAcceptedAt?: Date;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function updateUser(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<UserRow, 'email' | 'fullName' | 'phone' | 'passwordHash' | 'role' | 'language' | 'emailVerifiedAt' | 'billing'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, ...(values.email && { email: normalizeEmail(values.email) }), updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The account's access token version (decision 0106): one read by primary key. */
export async function findTokenVersion(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ tokenVersion: users.tokenVersion }).from(users).where(eq(users.id, id)).limit(1);
  return row?.tokenVersion;
}

/** Refuses every access token of the account issued so far; returns the new version. */
export async function bumpTokenVersion(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, id))
    .returning({ tokenVersion: users.tokenVersion });
  return row?.tokenVersion;
}

/** Quotes left at step one or two are not bookings the company saw: the count leaves them out. */
const QUOTE_STATUSES = ['draft', 'car_selected'] as const;

/**
 * A page of users in id order, after `afterId` (keyset paging), with how many bookings each has
 * made (step three confirmed, any status since): one query, the counts grouped over the page's
 * ids only. `search` finds every pattern in the name, e-mail or phone (decision 0071), or the
 * owner of the booking number asked. Without a search the query is prepared once: drizzle builds
 * it and the database plans it once per connection instead of on every page.
 */
export async function listUsers(
  db: DbOrTx,
  options: { afterId?: number; search?: SearchTerms; limit: number },
): Promise<(UserRow & { bookingCount: number })[]> {
  const search = options.search;
  const rows = search
    ? await usersPage(
        db,
        and(
          options.afterId ? gt(users.id, options.afterId) : undefined,
          or(
            matchesAll(users, search),
            search.bookingId === undefined
              ? undefined
              : inArray(users.id, db.select({ id: bookings.userId }).from(bookings).where(eq(bookings.id, search.bookingId))),
          ),
        ),
        options.limit,
      )
    : await prepareOnce(db, 'users_page', (d) =>
        usersPage(d, gt(users.id, sql.placeholder('after')), sql.placeholder('limit')).prepare('users_page'),
      ).execute({ after: options.afterId ?? 0, limit: options.limit });
  return rows.map((row) => ({ ...row.page, bookingCount: Number(row.counts?.bookingCount ?? 0) }));
}

/** The users matching `where`, `limit` of them in id order, each with its booking count. */
function usersPage(db: DbOrTx, where: SQL | undefined, limit: number | Placeholder) {
  const page = db.$with('page').as(db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit));
  // Counted for each row of the page (a lateral join): the index on user and status answers from
  // itself, where a join over the page's ids would read every booking at 1 000 000 of them.
  const counts = db
    .select({ bookingCount: count().as('booking_count') })
    .from(bookings)
    .where(and(eq(bookings.userId, page.id), notInArray(bookings.status, [...QUOTE_STATUSES])))
    .as('counts');
  return db.with(page).select().from(page).leftJoinLateral(counts, sql`true`).orderBy(asc(page.id));
}
