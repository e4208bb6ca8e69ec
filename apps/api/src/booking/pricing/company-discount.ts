import { activeCompanyOf } from '../../accounts/companies/company-access.ts';
import { findCompany } from '../../accounts/companies/companies-repository.ts';
import type { DbOrTx } from '../../platform/db/client.ts';

/** The discount of the company a booking's account books for, in hundredths of a percent (decision 0150); 0 for anyone else. */
export async function companyDiscountOf(db: DbOrTx, userId: number | null): Promise<number> {
  if (userId === null) return 0;
  return (await activeCompanyOf(db, userId))?.discountBasisPoints ?? 0;
}

/** The discount of a booking's company once it is on a company's account, else of its account's company. */
export async function bookingDiscountOf(db: DbOrTx, booking: { companyId: number | null; userId: number | null }): Promise<number> {
  if (booking.companyId !== null) return (await findCompany(db, booking.companyId))?.discountBasisPoints ?? 0;
  return companyDiscountOf(db, booking.userId);
}
