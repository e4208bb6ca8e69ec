import type { BookingBillingBody } from '@vtc/shared/company/company-schemas';
import { activeCompanyOf } from '../../accounts/companies/company-access.ts';
import type { CompanyRow } from '../../accounts/companies/companies-repository.ts';
import { findUserById } from '../../accounts/users/users-repository.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { BillingValue } from '../../platform/db/schema.ts';
import { fieldError } from '../../platform/lib/app-error.ts';

/** A company account's identity as its invoices show it. */
export function companyBilling(company: CompanyRow, purchaseOrder: string | null = null): BillingValue {
  return { companyName: company.legalName, address: company.billingAddress, siren: company.siren, vatNumber: company.vatNumber, purchaseOrder };
}

/**
 * Who a booking's invoices are made out to (decision 0134). A member of an open company account
 * books in its name: the booking belongs to the company and carries its identity, with the
 * purchase order given (required when the company says so). Anyone else is a private customer
 * unless they name a company: `billing` at step three, or, when they send none, their profile's.
 */
export async function billingOfBooking(
  tx: DbOrTx,
  userId: number,
  requested: BookingBillingBody | null | undefined,
  reference?: string,
): Promise<{ company: CompanyRow | null; companyId: number | null; billing: BillingValue | null }> {
  const company = await activeCompanyOf(tx, userId);
  if (company) {
    // The step's `reference` (purchase order, room number; decision 0141) is the purchase order the invoices show.
    const purchaseOrder = reference ?? requested?.purchaseOrder ?? null;
    if (company.purchaseOrderRequired && purchaseOrder === null) throw fieldError('reference', 'purchase_order_required');
    return { company, companyId: company.id, billing: companyBilling(company, purchaseOrder) };
  }
  if (requested === null) return { company: null, companyId: null, billing: null };
  if (requested === undefined) return { company: null, companyId: null, billing: (await findUserById(tx, userId))?.billing ?? null };
  return {
    company: null,
    companyId: null,
    billing: {
      companyName: requested.companyName,
      address: requested.address,
      siren: requested.siren ?? null,
      vatNumber: requested.vatNumber ?? null,
      purchaseOrder: requested.purchaseOrder ?? null,
    },
  };
}

/** What step three shows before the customer confirms: the booking's own, else the company's, else the profile's. */
export async function billingDefaults(
  db: DbOrTx,
  booking: { userId: number | null; billing: BillingValue | null },
  profileBilling: BillingValue | null,
): Promise<{ billing: BillingValue | null; company: CompanyRow | null }> {
  if (booking.userId === null) return { billing: booking.billing, company: null };
  const company = await activeCompanyOf(db, booking.userId);
  if (booking.billing) return { billing: booking.billing, company };
  return { billing: company ? companyBilling(company) : profileBilling, company };
}
