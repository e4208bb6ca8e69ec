import type { CompanyMemberBody } from '@vtc/shared/company/company-schemas';
import type { Language } from '@vtc/shared/i18n/languages';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError, fieldError } from '../../platform/lib/app-error.ts';
import { mailCompany } from '../../platform/mail/layout.ts';
import { MailCapReached, mailCapsOf } from '../../platform/mail/mail-caps.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { findUserByEmail } from '../users/users-repository.ts';
import { companyInvitationMail, companyMemberAddedMail } from '../mails/company-mails.ts';
import {
  countAdmins,
  deleteInvitation,
  deleteInvitationsFor,
  deleteMember,
  findInvitationsFor,
  findMembership,
  insertMember,
  lockCompany,
  upsertInvitation,
  type CompanyRow,
} from './companies-repository.ts';
import { requireCompanyAdmin } from './company-access.ts';
import { companyNotFound } from './companies-service.ts';
import { registerUrl, type CompanyDeps } from './company-requests.ts';

/** Who manages members: the owner (any company, named in the request) or a company's admin (their own). */
export type MembersActor = { userId: number; isOwner: boolean };

const memberNotFound = () => new AppError(404, 'member_not_found');

/**
 * The company the actor may manage. A member naming another company gets 404 company_not_found,
 * as for one that does not exist: a company's members never learn about another company.
 */
async function managedCompanyId(db: DbOrTx, actor: MembersActor, named: number | undefined): Promise<number> {
  if (actor.isOwner) {
    if (named === undefined) throw fieldError('companyId', 'required');
    return named;
  }
  const { company } = await requireCompanyAdmin(db, actor.userId);
  if (named !== undefined && named !== company.id) throw companyNotFound();
  return company.id;
}

async function lockActiveCompany(tx: DbOrTx, id: number): Promise<CompanyRow> {
  const company = await lockCompany(tx, id);
  if (!company) throw companyNotFound();
  if (company.status !== 'active') throw new AppError(409, 'company_not_active');
  return company;
}

/**
 * Adds a person by e-mail with a role (decision 0134). An address with a verified account joins at
 * once (409 when it already belongs to this company or another) and is told by mail; any other
 * address is invited: it joins when an account with that address is verified, and the mail asks
 * it to create one. Nothing anyone typed but the approved company's name is mailed.
 */
export async function addMember(
  deps: CompanyDeps,
  actor: MembersActor,
  body: CompanyMemberBody,
  language: Language,
): Promise<{ outcome: 'added' | 'invited'; email: string }> {
  const companyId = await managedCompanyId(deps.db, actor, body.companyId);
  return deps.db.transaction(async (tx) => {
    const company = await lockActiveCompany(tx, companyId);
    const account = await findUserByEmail(tx, body.email);
    const caps = { caps: mailCapsOf(deps.config) };
    if (account && account.emailVerifiedAt && !account.deletedAt) {
      const current = await findMembership(tx, account.id);
      if (current) throw new AppError(409, current.company.id === companyId ? 'already_member' : 'member_of_other_company');
      if (!(await insertMember(tx, { companyId, userId: account.id, role: body.role }))) throw new AppError(409, 'member_of_other_company');
      const mail = companyMemberAddedMail(
        account.language,
        { fullName: account.fullName, legalName: company.legalName, role: body.role, url: `${deps.config.PUBLIC_URL}/account/company` },
        mailCompany(deps.config),
      );
      // The notice is a courtesy: past its cap the member is added all the same.
      await enqueueMail(tx, { kind: 'company_member_added', to: account.email, recipientUserId: account.id, cap: caps, ...mail }).catch((error: unknown) => {
        if (!(error instanceof MailCapReached)) throw error;
      });
      return { outcome: 'added' as const, email: account.email };
    }
    const days = deps.config.COMPANY_INVITATION_TTL_DAYS;
    await upsertInvitation(tx, { companyId, email: body.email, role: body.role, invitedByUserId: actor.userId, expiresAt: new Date(Date.now() + days * 86_400_000) });
    // The invitation is its mail: past the address's cap, nothing is kept (429 mail_limit_reached).
    await enqueueMail(tx, {
      kind: 'company_invitation',
      to: body.email,
      cap: caps,
      ...companyInvitationMail(language, { legalName: company.legalName, role: body.role, url: registerUrl(deps.config, body.email), days }, mailCompany(deps.config)),
    });
    return { outcome: 'invited' as const, email: body.email };
  });
}

/**
 * Removes a member: the owner from any company, a company admin from their own, anyone may leave
 * their own (decision 0134). The company keeps one admin at least (409 last_company_admin), except
 * when the owner removes them. The removed account keeps its session; its next request about the
 * company is refused (membership is read on every request).
 */
export async function removeMember(db: DbOrTx, actor: MembersActor, userId: number): Promise<void> {
  const target = await findMembership(db, userId);
  if (!target) throw memberNotFound();
  if (!actor.isOwner && actor.userId !== userId) {
    const { company } = await requireCompanyAdmin(db, actor.userId);
    if (company.id !== target.company.id) throw memberNotFound();
  }
  await db.transaction(async (tx) => {
    await lockCompany(tx, target.company.id);
    const current = await findMembership(tx, userId);
    if (!current || current.company.id !== target.company.id) throw memberNotFound();
    if (current.role === 'admin' && !actor.isOwner && (await countAdmins(tx, current.company.id)) <= 1) throw new AppError(409, 'last_company_admin');
    await deleteMember(tx, current.company.id, userId);
  });
}

/** Withdraws an invitation not yet taken up: the owner's, or a company admin's of their own company. */
export async function cancelInvitation(db: DbOrTx, actor: MembersActor, id: number, companyId: number | undefined): Promise<void> {
  const company = actor.isOwner ? companyId : (await requireCompanyAdmin(db, actor.userId)).company.id;
  if (company === undefined) throw fieldError('companyId', 'required');
  if (!(await deleteInvitation(db, company, id))) throw new AppError(404, 'not_found');
}

/**
 * Called when an account verifies its address: the newest open invitation of an active company
 * for that address makes it a member, and every invitation for the address is used up. An account
 * that already belongs to a company stays where it is.
 */
export async function joinInvitedCompany(tx: DbOrTx, user: { id: number; email: string }): Promise<void> {
  const [invitation] = await findInvitationsFor(tx, user.email, new Date());
  if (!invitation) return;
  if (!(await findMembership(tx, user.id))) await insertMember(tx, { companyId: invitation.companyId, userId: user.id, role: invitation.role });
  await deleteInvitationsFor(tx, user.email);
}
