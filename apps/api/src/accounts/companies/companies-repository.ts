import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { prepareOnce } from '../../platform/db/prepared-statements.ts';
import { bookings, companies, companyInvitations, companyMembers, users } from '../../platform/db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type CompanyRole = (typeof companyMembers.$inferSelect)['role'];
export type CompanyMemberRow = { userId: number; fullName: string; email: string; role: CompanyRole; joinedAt: Date };
export type CompanyInvitationRow = typeof companyInvitations.$inferSelect;
export type CompanyWithCount = CompanyRow & { memberCount: number };

const memberCount = sql<number>`(select count(*)::int from ${companyMembers} m where m.company_id = ${companies}.id)`;

/** Requests first (the owner answers them), then the others by name. */
export async function listCompanies(db: DbOrTx): Promise<CompanyWithCount[]> {
  return db
    .select({ company: companies, memberCount })
    .from(companies)
    .orderBy(sql`${companies.status} <> 'requested'`, asc(companies.legalName), asc(companies.id))
    .then((rows) => rows.map((row) => ({ ...row.company, memberCount: Number(row.memberCount) })));
}

export async function findCompany(db: DbOrTx, id: number): Promise<CompanyWithCount | undefined> {
  const [row] = await db.select({ company: companies, memberCount }).from(companies).where(eq(companies.id, id));
  return row ? { ...row.company, memberCount: Number(row.memberCount) } : undefined;
}

/** Locks the company's row until the transaction ends (a decision, a member added or removed). */
export async function lockCompany(tx: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function insertCompany(db: DbOrTx, values: NewCompany): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  if (!row) throw new Error('company insert returned nothing');
  return row;
}

export async function updateCompany(db: DbOrTx, id: number, values: Partial<NewCompany>): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

export async function deleteCompany(db: DbOrTx, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.delete(companies).where(eq(companies.id, id)).returning();
  return row;
}

/** The company an account books for, with its role: one at most (unique user). */
export async function findMembership(db: DbOrTx, userId: number): Promise<{ company: CompanyRow; role: CompanyRole } | undefined> {
  const [row] = await db
    .select({ company: companies, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row;
}

/**
 * The account and the company it belongs to, if any, in one prepared read: the profile route
 * (every page of a signed-in user) runs it, so it skips query building and a second round trip.
 */
export async function findUserWithMembership(
  db: DbOrTx,
  userId: number,
): Promise<{ user: typeof users.$inferSelect; company: Pick<CompanyRow, 'id' | 'legalName' | 'status'> | null; role: CompanyRole | null } | undefined> {
  const [row] = await prepareOnce(db, 'user_with_membership', (d) =>
    d
      .select({
        user: users,
        role: companyMembers.role,
        company: { id: companies.id, legalName: companies.legalName, status: companies.status },
      })
      .from(users)
      .leftJoin(companyMembers, eq(companyMembers.userId, users.id))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(users.id, sql.placeholder('id')))
      .limit(1)
      .prepare('user_with_membership'),
  ).execute({ id: userId });
  return row;
}

export async function listMembers(db: DbOrTx, companyId: number): Promise<CompanyMemberRow[]> {
  return db
    .select({ userId: users.id, fullName: users.fullName, email: users.email, role: companyMembers.role, joinedAt: companyMembers.createdAt })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId))
    .orderBy(asc(companyMembers.createdAt), asc(companyMembers.id));
}

/** Adds the account to the company; undefined when it already belongs to one (this or another). */
export async function insertMember(db: DbOrTx, values: { companyId: number; userId: number; role: CompanyRole }): Promise<{ id: number } | undefined> {
  const [row] = await db.insert(companyMembers).values(values).onConflictDoNothing({ target: companyMembers.userId }).returning({ id: companyMembers.id });
  return row;
}

export async function deleteMember(db: DbOrTx, companyId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .returning({ id: companyMembers.id });
  return rows.length > 0;
}

/** Leaves whatever company the account belongs to (its owner deleted it). */
export async function deleteMembershipsOf(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(companyMembers).where(eq(companyMembers.userId, userId));
}

export async function countAdmins(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')));
  return row?.value ?? 0;
}

export async function listInvitations(db: DbOrTx, companyId: number, now: Date): Promise<CompanyInvitationRow[]> {
  return db
    .select()
    .from(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), gt(companyInvitations.expiresAt, now)))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id));
}

/** Invites an address, or renews its invitation to this company with the new role and expiry. */
export async function upsertInvitation(
  db: DbOrTx,
  values: { companyId: number; email: string; role: CompanyRole; invitedByUserId: number | null; expiresAt: Date },
): Promise<CompanyInvitationRow> {
  const [row] = await db
    .insert(companyInvitations)
    .values(values)
    .onConflictDoUpdate({
      target: [companyInvitations.companyId, companyInvitations.email],
      set: { role: values.role, invitedByUserId: values.invitedByUserId, expiresAt: values.expiresAt, createdAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error('invitation upsert returned nothing');
  return row;
}

export async function deleteInvitation(db: DbOrTx, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, id)))
    .returning({ id: companyInvitations.id });
  return rows.length > 0;
}

/** The invitations still open for an address, newest first. */
export async function findInvitationsFor(db: DbOrTx, email: string, now: Date): Promise<CompanyInvitationRow[]> {
  return db
    .select()
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .where(and(eq(companyInvitations.email, email), gt(companyInvitations.expiresAt, now), eq(companies.status, 'active')))
    .orderBy(desc(companyInvitations.createdAt), desc(companyInvitations.id))
    .then((rows) => rows.map((row) => row.company_invitations));
}

export async function deleteInvitationsFor(db: DbOrTx, email: string): Promise<void> {
  await db.delete(companyInvitations).where(eq(companyInvitations.email, email));
}

/** Whether any booking was made for the company (it then cannot be deleted: its invoices name it). */
export async function hasBookings(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.companyId, companyId)).limit(1);
  return row !== undefined;
}
