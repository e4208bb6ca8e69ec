import type { BillingDetails, CompanyInvitationItem, CompanyItem, CompanyMemberItem } from '@vtc/shared/company/company-responses';
import type { BillingValue } from '../../platform/db/schema.ts';
import type { CompanyInvitationRow, CompanyMemberRow, CompanyWithCount } from './companies-repository.ts';

export const toCompanyItem = (row: CompanyWithCount): CompanyItem => ({
  id: row.id,
  legalName: row.legalName,
  siren: row.siren,
  vatNumber: row.vatNumber,
  billingAddress: row.billingAddress,
  billingEmails: row.billingEmails,
  paymentTermsDays: row.paymentTermsDays,
  creditLimitCents: row.creditLimitCents,
  purchaseOrderRequired: row.purchaseOrderRequired,
  costCentres: row.costCentres,
  discountPercent: row.discountBasisPoints / 100,
  status: row.status,
  contact:
    row.contactEmail === null
      ? null
      : { fullName: row.contactFullName ?? '', email: row.contactEmail, phone: row.contactPhone ?? '' },
  language: row.language,
  refusalReason: row.refusalReason,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  memberCount: row.memberCount,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toCompanyMemberItem = (row: CompanyMemberRow): CompanyMemberItem => ({
  userId: row.userId,
  fullName: row.fullName,
  email: row.email,
  role: row.role,
  joinedAt: row.joinedAt.toISOString(),
});

export const toCompanyInvitationItem = (row: CompanyInvitationRow): CompanyInvitationItem => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

export const toBillingDetails = (value: BillingValue): BillingDetails => ({
  companyName: value.companyName,
  address: value.address,
  siren: value.siren,
  vatNumber: value.vatNumber,
  ...(value.purchaseOrder !== undefined && { purchaseOrder: value.purchaseOrder }),
});
