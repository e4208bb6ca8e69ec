import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import { CompanyDetails, CompanyItem, MemberAddedResponse, MyCompanyResponse } from '@vtc/shared/company/company-responses';
import { CompanyBody, CompanyMemberBody, CompanyRequestBody, RefuseCompanyBody } from '@vtc/shared/company/company-schemas';
import { idField, optionalIdField } from '@vtc/shared/validation/form-fields';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { adminErrors, adminSecurity, DeletedItem, ErrorResponse, IdParams, listResponse, mutationResponse } from '../../platform/lib/api-schemas.ts';
import { findCompany } from './companies-repository.ts';
import { addCompany, companyDetails, editCompany, getCompanies, removeCompany } from './companies-service.ts';
import { requireMembership } from './company-access.ts';
import { toCompanyItem } from './company-mappers.ts';
import { addMember, cancelInvitation, removeMember, type MembersActor } from './company-members.ts';
import { approveCompany, refuseCompany, requestCompany, type CompanyDeps } from './company-requests.ts';

const bodyNote = [
  'siren: a SIREN (9 digits) or SIRET (14), checked by its Luhn key; vatNumber: an intra-EU VAT number by its country’s format',
  '(a French one by its key, and matching the SIREN when both are given); one of the two is required. billingEmails: a list, or',
  'one text with commas, semicolons or lines; costCentres: a list, or one text with a line each. paymentTermsDays 0-60 (default',
  '30), creditLimit in euros (empty: no limit; 0: no credit, decision 0151), discountPercent 0-100 with 2 decimals at most (default 0).',
].join(' ');

const memberSecurity = [{ bearerAuth: [] }];
const memberErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse } as const;

/** Company accounts (decision 0134): the owner's screen, a visitor's request, and the members' own space. */
const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): CompanyDeps => ({ db: app.db, config: app.config });
  const actorOf = (request: Parameters<typeof requireAuth>[0]): MembersActor => {
    const auth = requireAuth(request);
    return { userId: auth.userId, isOwner: auth.role === 'admin' };
  };
  const itemOf = async (id: number) => {
    const company = await findCompany(app.db, id);
    if (!company) throw new Error(`company ${id} vanished`);
    return toCompanyItem(company);
  };

  app.get(
    '/getAll',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Every company account, requests first (admin)',
        security: adminSecurity,
        response: { 200: listResponse(CompanyItem), ...adminErrors },
      },
    },
    async () => ({ data: (await getCompanies(app.db)).map(toCompanyItem) }),
  );

  app.get(
    '/get/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'One company with its members and open invitations (admin)',
        security: adminSecurity,
        params: IdParams,
        response: { 200: z.object({ data: CompanyDetails }), ...adminErrors },
      },
    },
    async (request) => ({ data: await companyDetails(app.db, request.params.id, { invitations: true }) }),
  );

  app.post(
    '/add',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Create a company account, open at once (admin)',
        description: bodyNote,
        security: adminSecurity,
        body: CompanyBody,
        response: { 201: mutationResponse(CompanyItem), ...adminErrors },
      },
    },
    async (request, reply) => {
      const company = await addCompany(app.db, request.body);
      return reply.status(201).send({ message: request.t('created'), data: toCompanyItem(company) });
    },
  );

  app.put(
    '/update/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Edit a company’s identity and terms (admin)',
        description: `${bodyNote} The status changes only by approve and refuse.`,
        security: adminSecurity,
        params: IdParams,
        body: CompanyBody,
        response: { 200: mutationResponse(CompanyItem), ...adminErrors },
      },
    },
    async (request) => ({ message: request.t('updated'), data: toCompanyItem(await editCompany(app.db, request.params.id, request.body)) }),
  );

  app.delete(
    '/delete/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Delete a company account (admin)',
        description: 'Its members go back to booking for themselves; its invitations lapse. 409 company_has_bookings once a booking was made for it.',
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(DeletedItem), ...adminErrors },
      },
    },
    async (request) => ({ message: request.t('deleted'), data: await removeCompany(app.db, request.params.id) }),
  );

  app.put(
    '/approve/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Open a requested company account (admin)',
        description: [
          'The requester is mailed in the language of the request and becomes the company’s admin: at once when their address has a',
          'verified account, else when an account with that address is verified (invitation). 409 company_not_requested when the',
          'request was already answered.',
        ].join(' '),
        security: adminSecurity,
        params: IdParams,
        response: { 200: mutationResponse(CompanyItem), ...adminErrors },
      },
    },
    async (request) => {
      const company = await approveCompany(deps(), request.params.id);
      return { message: request.t('company_approved'), data: await itemOf(company.id) };
    },
  );

  app.put(
    '/refuse/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['companies'],
        summary: 'Decline a requested company account (admin)',
        description: 'The requester is mailed, with `reason` when given. 409 company_not_requested when the request was already answered.',
        security: adminSecurity,
        params: IdParams,
        body: RefuseCompanyBody.nullish(),
        response: { 200: mutationResponse(CompanyItem), ...adminErrors },
      },
    },
    async (request) => {
      const company = await refuseCompany(deps(), request.params.id, request.body?.reason);
      return { message: request.t('company_refused'), data: await itemOf(company.id) };
    },
  );

  app.post(
    '/request',
    {
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW } },
      schema: {
        tags: ['companies'],
        summary: 'Ask for a business account (public, rate limited)',
        description: [
          'legalName, siren and/or vatNumber (checked as for the owner’s form), address, and the contact’s fullName, email and phone.',
          'Kept as a request the owner approves or refuses; the operator is mailed, and the address typed gets a receipt with nothing',
          'typed in it (within the mail caps).',
        ].join(' '),
        body: CompanyRequestBody,
        response: { 201: MessageResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      await requestCompany(deps(), request.body, request.lang);
      return reply.status(201).send({ message: request.t('company_requested') });
    },
  );

  app.get(
    '/mine',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'The company the signed-in account books for, its members, and the account’s own role',
        description: 'Open invitations are listed for the company’s admins only. 403 company_member_only for an account in no company.',
        security: memberSecurity,
        response: { 200: MyCompanyResponse, ...memberErrors },
      },
    },
    async (request) => {
      const membership = await requireMembership(app.db, requireAuth(request).userId);
      const details = await companyDetails(app.db, membership.company.id, { invitations: membership.role === 'admin' });
      return { data: { ...details, role: membership.role } };
    },
  );

  app.post(
    '/member/add',
    {
      onRequest: app.authenticate,
      config: { rateLimit: { max: app.config.AUTH_RATE_LIMIT_MAX, timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW } },
      schema: {
        tags: ['companies'],
        summary: 'Add a member by e-mail with a role (company admin, or the owner naming companyId)',
        description: [
          'An address with a verified account joins at once and is told by mail (outcome `added`; 409 already_member or',
          'member_of_other_company). Any other address gets an invitation to create its account (outcome `invited`), and joins',
          'when an account with that address is verified; past the mail cap of that address, 429 mail_limit_reached and nothing kept.',
          '403 company_admin_only for a booker; a company admin naming another company gets 404 company_not_found.',
        ].join(' '),
        security: memberSecurity,
        body: CompanyMemberBody,
        response: { 200: MemberAddedResponse, ...memberErrors, 429: ErrorResponse },
      },
    },
    async (request) => {
      const result = await addMember(deps(), actorOf(request), request.body, request.lang);
      return { message: request.t(result.outcome === 'added' ? 'member_added' : 'member_invited', { email: result.email }), data: result };
    },
  );

  app.delete(
    '/member/delete/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'Remove a member (company admin, the owner, or the member leaving)',
        description: [
          'The removed account keeps its session but loses the company at once: membership is read on every request. 409',
          'last_company_admin when the company would be left without an admin (the owner may still remove them); 404',
          'member_not_found for an account that is not a member of the caller’s company.',
        ].join(' '),
        security: memberSecurity,
        params: z.object({ userId: idField() }),
        response: { 200: MessageResponse, ...memberErrors },
      },
    },
    async (request) => {
      await removeMember(app.db, actorOf(request), request.params.userId);
      return { message: request.t('member_removed') };
    },
  );

  app.delete(
    '/invitation/delete/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'Withdraw an invitation not yet taken up (company admin, or the owner naming companyId)',
        security: memberSecurity,
        params: IdParams,
        querystring: z.object({ companyId: optionalIdField() }),
        response: { 200: MessageResponse, ...memberErrors },
      },
    },
    async (request) => {
      await cancelInvitation(app.db, actorOf(request), request.params.id, request.query.companyId);
      return { message: request.t('invitation_cancelled') };
    },
  );
};

export default companyRoutes;
