import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import { findMembership, type CompanyRole, type CompanyRow } from './companies-repository.ts';

export type Membership = { company: CompanyRow; role: CompanyRole; userId: number };

/**
 * The company the signed-in account books for, read from the database on every request rather
 * than carried in the access token: a member removed from a company loses its data at once,
 * while the rest of their session goes on (decision 0134). 403 company_member_only otherwise.
 */
export async function requireMembership(db: DbOrTx, userId: number): Promise<Membership> {
  const membership = await findMembership(db, userId);
  if (!membership || membership.company.status !== 'active') throw new AppError(403, 'company_member_only');
  return { ...membership, userId };
}

/** Like requireMembership, for what only a company admin may do: 403 company_admin_only for a booker. */
export async function requireCompanyAdmin(db: DbOrTx, userId: number): Promise<Membership> {
  const membership = await requireMembership(db, userId);
  if (membership.role !== 'admin') throw new AppError(403, 'company_admin_only');
  return membership;
}

/** The active company an account books for, or null: what step three stamps on its booking. */
export async function activeCompanyOf(db: DbOrTx, userId: number): Promise<CompanyRow | null> {
  const membership = await findMembership(db, userId);
  return membership?.company.status === 'active' ? membership.company : null;
}
