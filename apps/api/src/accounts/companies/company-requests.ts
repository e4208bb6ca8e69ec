import type { CompanyRequestBody } from '@vtc/shared/company/company-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import { formatParisDate } from '@vtc/shared/time/format-paris';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import { mailCompany } from '../../platform/mail/layout.ts';
import { MailCapReached, mailCapsOf } from '../../platform/mail/mail-caps.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { findUserByEmail, normalizeEmail } from '../users/users-repository.ts';
import { companyApprovedMail, companyRefusedMail, companyRequestMail, companyRequestReceiptMail } from '../mails/company-mails.ts';
import { insertCompany, insertMember, lockCompany, updateCompany, upsertInvitation, type CompanyRow } from './companies-repository.ts';
import { companyNotFound } from './companies-service.ts';

export type CompanyDeps = {
  db: Db;
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'COMPANY_EMAIL'
    | 'COMPANY_LEGAL_NAME'
    | 'COMPANY_PHONE'
    | 'COMPANY_WHATSAPP'
    | 'COMPANY_INVITATION_TTL_DAYS'
    | 'MAIL_CAP_ADDRESS_MAX'
    | 'MAIL_CAP_ACCOUNT_MAX'
    | 'MAIL_CAP_WINDOW_MINUTES'
  >;
};

/**
 * A visitor asks for a business account (on /prof or /service-vtc-business): the company is kept
 * as `requested`, the operator is mailed what to check (Reply-To the requester), and the address
 * typed gets a receipt with none of the visitor's words, within the mail caps (decision 0107).
 */
export async function requestCompany(deps: CompanyDeps, body: CompanyRequestBody, language: Language): Promise<CompanyRow> {
  const email = normalizeEmail(body.email);
  return deps.db.transaction(async (tx) => {
    const company = await insertCompany(tx, {
      legalName: body.legalName,
      siren: body.siren ?? null,
      vatNumber: body.vatNumber ?? null,
      billingAddress: body.address,
      billingEmails: [email],
      status: 'requested',
      contactFullName: body.fullName,
      contactEmail: email,
      contactPhone: body.phone,
      language,
    });
    await enqueueMail(tx, {
      kind: 'company_request',
      to: deps.config.COMPANY_EMAIL,
      replyTo: email,
      ...companyRequestMail({ ...body, siren: company.siren, vatNumber: company.vatNumber, email }, `${deps.config.PUBLIC_URL}/companies`),
    });
    await enqueueMail(tx, {
      kind: 'company_request_receipt',
      to: email,
      cap: { caps: mailCapsOf(deps.config) },
      ...companyRequestReceiptMail(language, mailCompany(deps.config)),
    }).catch((error: unknown) => {
      if (!(error instanceof MailCapReached)) throw error;
    });
    return company;
  });
}

/** The link of an invitation: the registration form with the invited address filled in. */
export const registerUrl = (config: Pick<Config, 'PUBLIC_URL'>, email: string) => `${config.PUBLIC_URL}/auth/register?email=${encodeURIComponent(email)}`;

async function lockRequest(tx: Parameters<Parameters<Db['transaction']>[0]>[0], id: number): Promise<CompanyRow> {
  const company = await lockCompany(tx, id);
  if (!company) throw companyNotFound();
  // Of two answers to one request, the second finds it answered.
  if (company.status !== 'requested') throw new AppError(409, 'company_not_requested');
  return company;
}

/**
 * The owner opens a requested account. The requester becomes its admin: at once when their address
 * has a verified account (free of any other company), otherwise by an invitation that an account
 * with that address takes up when it is verified. Mailed, in the request's language.
 */
export async function approveCompany(deps: CompanyDeps, id: number): Promise<CompanyRow> {
  return deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    const company = await updateCompany(tx, id, { status: 'active', decidedAt: new Date(), refusalReason: null });
    if (!company) throw companyNotFound();
    const email = company.contactEmail;
    if (!email) return company;
    const account = await findUserByEmail(tx, email);
    const joined = account && account.emailVerifiedAt && !account.deletedAt ? await insertMember(tx, { companyId: id, userId: account.id, role: 'admin' }) : undefined;
    const days = deps.config.COMPANY_INVITATION_TTL_DAYS;
    if (!joined) {
      await upsertInvitation(tx, { companyId: id, email, role: 'admin', invitedByUserId: null, expiresAt: new Date(Date.now() + days * 86_400_000) });
    }
    const next = joined ? 'sign_in' : 'register';
    const url = joined ? `${deps.config.PUBLIC_URL}/account/company` : registerUrl(deps.config, email);
    await enqueueMail(tx, {
      kind: 'company_approved',
      to: email,
      ...companyApprovedMail(request.language, { legalName: company.legalName, next, url, days }, mailCompany(deps.config)),
    });
    return company;
  });
}

/** The owner declines a request, with a reason the requester reads. Mailed, in the request's language. */
export async function refuseCompany(deps: CompanyDeps, id: number, reason: string | undefined): Promise<CompanyRow> {
  return deps.db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    const company = await updateCompany(tx, id, { status: 'refused', decidedAt: new Date(), refusalReason: reason ?? null });
    if (!company) throw companyNotFound();
    if (company.contactEmail) {
      const requestedAt = formatParisDate(request.createdAt, request.language, 'medium');
      await enqueueMail(tx, {
        kind: 'company_refused',
        to: company.contactEmail,
        ...companyRefusedMail(request.language, { requestedAt, reason: reason ?? null }, mailCompany(deps.config)),
      });
    }
    return company;
  });
}
