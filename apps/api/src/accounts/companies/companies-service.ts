import type { CompanyBody } from '@vtc/shared/company/company-schemas';
import type { CompanyDetails } from '@vtc/shared/company/company-responses';
import { eurosToCents } from '@vtc/shared/pricing/euros-to-cents';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import { FOREIGN_KEY_VIOLATION, isPgError } from '../../platform/lib/pg-errors.ts';
import {
  deleteCompany,
  findCompany,
  hasBookings,
  insertCompany,
  listCompanies,
  listInvitations,
  listMembers,
  lockCompany,
  updateCompany,
  type CompanyWithCount,
  type NewCompany,
} from './companies-repository.ts';
import { toCompanyInvitationItem, toCompanyItem, toCompanyMemberItem } from './company-mappers.ts';

export const companyNotFound = () => new AppError(404, 'company_not_found');

/** The columns of a company from the owner's form. */
export function companyValues(body: CompanyBody): Omit<NewCompany, 'status'> {
  return {
    legalName: body.legalName,
    siren: body.siren ?? null,
    vatNumber: body.vatNumber ?? null,
    billingAddress: body.billingAddress,
    billingEmails: body.billingEmails,
    paymentTermsDays: body.paymentTermsDays,
    creditLimitCents: body.creditLimit === null ? null : eurosToCents(body.creditLimit),
    purchaseOrderRequired: body.purchaseOrderRequired,
    costCentres: body.costCentres,
    discountBasisPoints: Math.round(body.discountPercent * 100),
  };
}

export async function getCompanies(db: Db): Promise<CompanyWithCount[]> {
  return listCompanies(db);
}

/** One company with its members and, for those who manage it, its open invitations. */
export async function companyDetails(db: DbOrTx, id: number, options: { invitations: boolean }): Promise<CompanyDetails> {
  const company = await findCompany(db, id);
  if (!company) throw companyNotFound();
  const now = new Date();
  const [members, invitations] = await Promise.all([listMembers(db, id), options.invitations ? listInvitations(db, id, now) : []]);
  return {
    ...toCompanyItem(company),
    members: members.map(toCompanyMemberItem),
    invitations: invitations.map(toCompanyInvitationItem),
  };
}

/** The owner's own company accounts are open at once. */
export async function addCompany(db: Db, body: CompanyBody): Promise<CompanyWithCount> {
  const company = await insertCompany(db, { ...companyValues(body), status: 'active', decidedAt: new Date() });
  return { ...company, memberCount: 0 };
}

/** Identity and terms; the status moves only by approve and refuse. */
export async function editCompany(db: Db, id: number, body: CompanyBody): Promise<CompanyWithCount> {
  const updated = await updateCompany(db, id, companyValues(body));
  if (!updated) throw companyNotFound();
  const company = await findCompany(db, id);
  if (!company) throw companyNotFound();
  return company;
}

/**
 * Deletes a company, its members' links to it and its invitations; refused (409
 * company_has_bookings) once a booking was made for it: its invoices name it.
 */
export async function removeCompany(db: Db, id: number): Promise<{ id: number }> {
  return db
    .transaction(async (tx) => {
      if (!(await lockCompany(tx, id))) throw companyNotFound();
      if (await hasBookings(tx, id)) throw new AppError(409, 'company_has_bookings');
      const deleted = await deleteCompany(tx, id);
      if (!deleted) throw companyNotFound();
      return { id: deleted.id };
    })
    .catch((error: unknown) => {
      // A booking made for it between the check and the delete.
      if (isPgError(error, FOREIGN_KEY_VIOLATION)) throw new AppError(409, 'company_has_bookings');
      throw error;
    });
}
