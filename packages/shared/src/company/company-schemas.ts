import { z } from 'zod';
import { Email } from '../auth/auth-schemas.ts';
import { addMessageCatalogue, message } from '../i18n/error-messages.ts';
import { Phone } from '../phone/phone-number.ts';
import { optionalEurosField } from '../pricing/euros-to-cents.ts';
import { blankToUndefined, booleanField, idCursorField, optionalIdField, optionalIntegerField, optionalText, requiredText, whenFieldsValid } from '../validation/form-fields.ts';
import { COMPANY_ROLES } from './company-roles.ts';
import { companyMessages } from './company-messages.ts';
import { compactIdentifier, normalizeVatNumber, sirenOf, sirenOfFrenchVat, sirenProblem, vatNumberProblem } from './company-identifiers.ts';

// The identifiers' error words load with these forms, not with the home page (decision 0143).
addMessageCatalogue(companyMessages);

/** A SIREN (9 digits) or SIRET (14), spaces allowed, checked by its Luhn key; stored compact. Blank is missing. */
export const sirenField = () =>
  z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z
      .string({ error: 'invalid_value' })
      .max(40, 'siren_length')
      .transform((value, ctx) => {
        const compact = compactIdentifier(value);
        const problem = sirenProblem(compact);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
        return compact;
      })
      .optional(),
  );

/** An intra-EU VAT number by its country's format (and a French one by its key); stored compact. Blank is missing. */
export const vatNumberField = () =>
  z.preprocess(
    (value: string | null | undefined) => blankToUndefined(value),
    z
      .string({ error: 'invalid_value' })
      .max(40, 'vat_number_invalid')
      .transform((value, ctx) => {
        const normalized = normalizeVatNumber(value);
        const problem = vatNumberProblem(normalized);
        if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
        return normalized;
      })
      .optional(),
  );

type Identity = { siren?: string | undefined; vatNumber?: string | undefined };

/**
 * A business is known by its SIREN (or SIRET) or, abroad, by its VAT number: one of them at least;
 * a French VAT number carries the SIREN, which must then be the one given.
 */
function checkIdentity(body: Identity, ctx: z.core.$RefinementCtx<Identity>) {
  if (body.siren === undefined && body.vatNumber === undefined) {
    ctx.addIssue({ code: 'custom', message: 'company_id_required', path: ['siren'] });
    return;
  }
  const fromVat = body.vatNumber === undefined ? null : sirenOfFrenchVat(body.vatNumber);
  if (fromVat !== null && body.siren !== undefined && fromVat !== sirenOf(body.siren)) {
    ctx.addIssue({ code: 'custom', message: 'vat_siren_mismatch', path: ['vatNumber'] });
  }
}

/**
 * The SIREN and VAT number with their joint check, as a schema of their own that the bodies join
 * (`.and`): zod skips an object's refinements once any field failed with `abort`, so within one
 * object an empty name would hide "give the SIREN or the VAT number" until the name is typed.
 */
const identity = () =>
  z.object({ siren: sirenField(), vatNumber: vatNumberField() }).superRefine(checkIdentity, whenFieldsValid('siren', 'vatNumber'));

export const COMPANY_NAME_MAX = 200;
export const COMPANY_ADDRESS_MAX = 300;

/**
 * POST /company/request, a visitor's request for a business account (on /prof and
 * /service-vtc-business): the company's identity and who to answer (fullName, email, phone).
 */
export const CompanyRequestBody = z
  .object({
    legalName: requiredText(COMPANY_NAME_MAX),
    address: requiredText(COMPANY_ADDRESS_MAX),
    fullName: requiredText(120),
    email: Email,
    phone: Phone,
  })
  .and(identity());
export type CompanyRequestBody = z.infer<typeof CompanyRequestBody>;
export type CompanyRequestInput = z.input<typeof CompanyRequestBody>;

export const BILLING_EMAILS_MAX = 10;
export const COST_CENTRES_MAX = 50;
export const COST_CENTRE_MAX_LENGTH = 60;

/** A list typed in one field ("a@x.fr, b@x.fr", one per line) or sent as an array: trimmed, blanks dropped. */
function listInput(separator: RegExp) {
  return (value: unknown) => {
    if (value === undefined || value === null) return [];
    const items = typeof value === 'string' ? value.split(separator) : value;
    return Array.isArray(items) ? items.map((item) => (typeof item === 'string' ? item.trim() : item)).filter((item) => item !== '') : items;
  };
}

const isEmail = (value: string) => z.email().safeParse(value).success;

/** Billing e-mails: several addresses, separated by commas, semicolons or lines; each checked, kept in lower case. */
export const billingEmailsField = () =>
  z.preprocess(
    listInput(/[\s,;]+/),
    z
      .array(z.string({ error: 'invalid_email' }), { error: 'invalid_value' })
      .max(BILLING_EMAILS_MAX, message('out_of_range', { min: 0, max: BILLING_EMAILS_MAX }))
      .refine((list) => list.every((item) => item.length <= 254 && isEmail(item)), 'invalid_email')
      .transform((list) => [...new Set(list.map((item) => item.toLowerCase()))]),
  );

/** Cost centres, one per line (or an array), each at most 60 characters, without repeats. */
export const costCentresField = () =>
  z.preprocess(
    listInput(/[\n;]+/),
    z
      .array(z.string({ error: 'invalid_value' }), { error: 'invalid_value' })
      .max(COST_CENTRES_MAX, message('out_of_range', { min: 0, max: COST_CENTRES_MAX }))
      .refine((list) => list.every((item) => item.length <= COST_CENTRE_MAX_LENGTH), message('too_long', { max: COST_CENTRE_MAX_LENGTH }))
      .transform((list) => [...new Set(list)]),
  );

/** A percentage from 0 to 100 with at most two decimals ("7,5"); blank is 0. */
export const percentField = () =>
  z.preprocess(
    (value: number | string | null | undefined) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return 0;
      if (typeof value !== 'string') return value;
      const text = value.trim().replace(',', '.');
      return /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: 'percent_invalid' })
      .min(0, 'percent_invalid')
      .max(100, 'percent_invalid')
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'percent_invalid'),
  );

export const DEFAULT_PAYMENT_TERMS_DAYS = 30;
export const MAX_PAYMENT_TERMS_DAYS = 60;

/**
 * POST /company/add and PUT /company/update/{id} (the owner): the company's identity, where its
 * invoices go, and its terms. Payment terms are days after the invoice (60 at most, the legal
 * ceiling of art. L441-10 of the Code de commerce); the credit limit is in euros (blank is none
 * on account); the discount is a percentage of every price.
 */
export const CompanyBody = z
  .object({
    legalName: requiredText(COMPANY_NAME_MAX),
    billingAddress: requiredText(COMPANY_ADDRESS_MAX),
    billingEmails: billingEmailsField(),
    paymentTermsDays: optionalIntegerField(0, MAX_PAYMENT_TERMS_DAYS).transform((days) => days ?? DEFAULT_PAYMENT_TERMS_DAYS),
    // Empty: no limit (null); 0: no credit, every on-account booking refused (decision 0151).
    creditLimit: optionalEurosField().transform((euros) => euros ?? null),
    purchaseOrderRequired: booleanField(),
    costCentres: costCentresField(),
    discountPercent: percentField(),
  })
  .and(identity());
export type CompanyBody = z.infer<typeof CompanyBody>;
export type CompanyInput = z.input<typeof CompanyBody>;

export const CompanyRole = z.enum(COMPANY_ROLES, { error: 'invalid_value' });
export type CompanyRole = z.infer<typeof CompanyRole>;

/**
 * POST /company/member/add: a person to invite, by e-mail, with a role. A company admin adds to
 * their own company; the owner names the company (`companyId`).
 */
export const CompanyMemberBody = z.object({
  email: Email.transform((value) => value.toLowerCase()),
  role: CompanyRole.default('booker'),
  companyId: optionalIdField(),
});
export type CompanyMemberBody = z.infer<typeof CompanyMemberBody>;
export type CompanyMemberInput = z.input<typeof CompanyMemberBody>;

/** PUT /company/refuse/{id}: an optional reason, written in the mail to the requester. */
export const RefuseCompanyBody = z.object({ reason: optionalText(500) });
export type RefuseCompanyBody = z.infer<typeof RefuseCompanyBody>;

/** GET /company/bookings: newest first, by pages, optionally one booker's. */
export const CompanyBookingsQuery = z.object({
  booker: optionalIdField(),
  /** Words of the passenger's name (decision 0141). */
  passenger: optionalText(120),
  /** One of the company's cost centres, exactly. */
  costCentre: optionalText(80),
  after: idCursorField(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type CompanyBookingsQuery = z.infer<typeof CompanyBookingsQuery>;

/** The identity of a customer's company on their invoices (profile and step three, without an account). */
const billingShape = {
  companyName: requiredText(COMPANY_NAME_MAX),
  address: requiredText(COMPANY_ADDRESS_MAX),
};

/** `billing` of PUT /profile/update: a card-paying business customer's company, kept for their invoices. */
export const BillingBody = z.object(billingShape).and(identity());
export type BillingBody = z.infer<typeof BillingBody>;

/** `billing` at step three: the same, and the customer's purchase order number when they have one. */
export const BookingBillingBody = z.object({ ...billingShape, purchaseOrder: optionalText(60) }).and(identity());
export type BookingBillingBody = z.infer<typeof BookingBillingBody>;

/** POST /invoice/company-statements: the Paris month whose completed trips are invoiced (decision 0142). */
export const CompanyStatementsBody = z.object({
  month: z.string({ error: 'required' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value'),
});
export type CompanyStatementsBody = z.infer<typeof CompanyStatementsBody>;
