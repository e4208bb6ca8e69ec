import { z } from 'zod';
import { BookingStatus } from '../booking/booking-transitions.ts';
import { LANGUAGES } from '../i18n/languages.ts';
import { COMPANY_ROLES } from './company-roles.ts';

export const COMPANY_STATUSES = ['requested', 'active', 'refused'] as const;
export const CompanyStatus = z.enum(COMPANY_STATUSES);
export type CompanyStatus = z.infer<typeof CompanyStatus>;

const dateTime = () => z.string().meta({ format: 'date-time' });

/** A company account as the owner and its members read it. */
export const CompanyItem = z.object({
  id: z.number().int(),
  legalName: z.string(),
  siren: z.string().nullable(),
  vatNumber: z.string().nullable(),
  billingAddress: z.string(),
  billingEmails: z.array(z.string()),
  paymentTermsDays: z.number().int(),
  creditLimitCents: z.number().int().nullable().meta({ description: 'null: no limit; 0: no credit (decision 0151)' }),
  purchaseOrderRequired: z.boolean(),
  costCentres: z.array(z.string()),
  discountPercent: z.number(),
  status: CompanyStatus,
  /** Who asked for the account (a visitor's request), null for one the owner created. */
  contact: z.object({ fullName: z.string(), email: z.string(), phone: z.string() }).nullable(),
  language: z.enum(LANGUAGES),
  refusalReason: z.string().nullable(),
  decidedAt: dateTime().nullable(),
  memberCount: z.number().int(),
  createdAt: dateTime(),
  updatedAt: dateTime(),
});
export type CompanyItem = z.infer<typeof CompanyItem>;

export const CompanyMemberItem = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  joinedAt: dateTime(),
});
export type CompanyMemberItem = z.infer<typeof CompanyMemberItem>;

/** An invitation waiting for its address to get a verified account. */
export const CompanyInvitationItem = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  expiresAt: dateTime(),
  createdAt: dateTime(),
});
export type CompanyInvitationItem = z.infer<typeof CompanyInvitationItem>;

/** One company with its members and open invitations (GET /company/get/{id}, GET /company/mine). */
export const CompanyDetails = CompanyItem.extend({
  members: z.array(CompanyMemberItem),
  invitations: z.array(CompanyInvitationItem),
});
export type CompanyDetails = z.infer<typeof CompanyDetails>;

/** GET /company/mine: the signed-in member's company and their own role in it. */
export const MyCompanyResponse = z.object({ data: CompanyDetails.extend({ role: z.enum(COMPANY_ROLES) }) });
export type MyCompanyResponse = z.infer<typeof MyCompanyResponse>;

/** POST /company/member/add: `added` when the address had an account, `invited` when it gets an invitation. */
export const MemberAddedResponse = z.object({
  message: z.string(),
  data: z.object({ outcome: z.enum(['added', 'invited']), email: z.string() }),
});
export type MemberAddedResponse = z.infer<typeof MemberAddedResponse>;

/** A booking made for the company, as its bookings list shows it. */
export const CompanyBookingItem = z.object({
  id: z.number().int(),
  status: BookingStatus,
  pickupAt: dateTime(),
  origin: z.string(),
  destination: z.string(),
  /** The member who booked. */
  booker: z.object({ userId: z.number().int(), fullName: z.string() }),
  /** The passenger's name typed at step three. */
  passengerName: z.string().nullable(),
  totalCents: z.number().int().nullable(),
  purchaseOrder: z.string().nullable(),
  /** The cost centre chosen at step three (decision 0141). */
  costCentre: z.string().nullable(),
  createdAt: dateTime(),
});
export type CompanyBookingItem = z.infer<typeof CompanyBookingItem>;

export const CompanyBookingPage = z.object({ data: z.array(CompanyBookingItem), nextCursor: z.number().int().nullable() });
export type CompanyBookingPage = z.infer<typeof CompanyBookingPage>;

/** A customer's company on their invoices (profile, booking), as stored. */
export const BillingDetails = z.object({
  companyName: z.string(),
  address: z.string(),
  siren: z.string().nullable(),
  vatNumber: z.string().nullable(),
  purchaseOrder: z.string().nullable().optional(),
});
export type BillingDetails = z.infer<typeof BillingDetails>;

/** A company's month-end invoice (decision 0142), as its members and the owner list it. */
export const CompanyStatementItem = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  month: z.string(),
  number: z.string(),
  issuedAt: dateTime(),
  dueAt: dateTime(),
  paidAt: dateTime().nullable(),
  /** How it was paid (decision 0150): by card, PayPal, or recorded by hand by the owner. */
  paidMethod: z.enum(['stripe', 'paypal', 'manual']).nullable(),
  /** The payment pages the reader may open for it: a company admin's unpaid statement, with each provider configured. */
  payWith: z.array(z.enum(['stripe', 'paypal'])),
  overdue: z.boolean(),
  trips: z.number().int(),
  totalExclTaxCents: z.number().int(),
  vatCents: z.number().int(),
  totalInclTaxCents: z.number().int(),
  /** Its passage through the certified e-invoicing platform (decision 0150): null when none was configured at issue. */
  einvoice: z.object({ status: z.string(), error: z.string().nullable() }).nullable(),
});
export type CompanyStatementItem = z.infer<typeof CompanyStatementItem>;

export const CompanyStatementList = z.object({ data: z.array(CompanyStatementItem) });
export type CompanyStatementList = z.infer<typeof CompanyStatementList>;

/** POST /invoice/company-statements: the statements issued by this run (none for a month already invoiced). */
export const CompanyStatementsRun = z.object({ message: z.string(), data: z.array(CompanyStatementItem) });
export type CompanyStatementsRun = z.infer<typeof CompanyStatementsRun>;
