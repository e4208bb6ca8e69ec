import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import { CompanyStatementList, CompanyStatementsRun } from '@vtc/shared/company/company-responses';
import { CompanyStatementsBody } from '@vtc/shared/company/company-schemas';
import { requireMembership } from '../../accounts/companies/company-access.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { adminErrors, adminSecurity, ErrorResponse, IdParams } from '../../platform/lib/api-schemas.ts';
import { notFound } from '../../platform/lib/app-error.ts';
import { sendFile } from '../../platform/lib/send-file.ts';
import { findStatement, issueCompanyStatements, listStatements, markStatementPaid, statementPdfFile, statementXmlFile, toStatementItem } from './company-statements.ts';

const memberErrors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse } as const;

/** The owner's month-end statements (decision 0142), mounted at /invoice beside the other invoices (admin). */
export const adminStatementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.post(
    '/company-statements',
    {
      schema: {
        tags: ['companies'],
        summary: 'Runs the month-end now: one invoice per company for its completed trips of `month` (admin)',
        description: [
          '`month` is YYYY-MM (Paris). What the hourly scheduled job does for the month just ended (decision 0142): each active company',
          'with completed on-account trips not yet invoiced gets one statement, numbered in the invoices’ series, mailed to its admins',
          'and billing addresses. A month already invoiced is left alone: two runs at once make one statement per company and month.',
        ].join(' '),
        security: adminSecurity,
        body: CompanyStatementsBody,
        response: { 200: CompanyStatementsRun, ...adminErrors },
      },
    },
    async (request) => {
      const issued = await issueCompanyStatements({ db: app.db, config: app.config }, request.body.month);
      const names = new Map((await listStatements(app.db)).map(({ row, companyName }) => [row.id, companyName]));
      return {
        message: request.t('statements_issued', { count: issued.length }),
        data: issued.map((row) => toStatementItem(row, names.get(row.id) ?? '')),
      };
    },
  );

  app.get(
    '/company-statements',
    {
      schema: {
        tags: ['companies'],
        summary: 'Every company’s monthly invoices, newest first, with whether each is overdue (admin)',
        security: adminSecurity,
        response: { 200: CompanyStatementList, ...adminErrors },
      },
    },
    async () => ({ data: (await listStatements(app.db)).map(({ row, companyName }) => toStatementItem(row, companyName)) }),
  );

  app.put(
    '/company-statements/paid/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'Marks a monthly invoice paid (admin)',
        description: '404 statement_not_found; 409 statement_already_paid.',
        security: adminSecurity,
        params: IdParams,
        response: { 200: MessageResponse, ...adminErrors },
      },
    },
    async (request) => {
      await markStatementPaid(app.db, request.params.id);
      return { message: request.t('statement_paid') };
    },
  );

  app.get(
    '/company-statements/pdf/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'A monthly invoice as PDF: Factur-X (PDF/A-3, factur-x.xml embedded, EN 16931) (admin)',
        security: adminSecurity,
        params: IdParams,
        response: adminErrors,
      },
    },
    async (request, reply) => {
      const row = await findStatement(app.db, request.params.id);
      if (!row) throw notFound('statement_not_found');
      const file = await statementPdfFile(row);
      return sendFile(reply, 'application/pdf', file.filename, file.bytes);
    },
  );

  app.get(
    '/facturx/statement/:id',
    {
      schema: {
        tags: ['companies'],
        summary: 'A monthly invoice as Factur-X CII XML, EN 16931: the XML its PDF embeds as factur-x.xml (admin)',
        description: 'application/xml, attachment. 404 statement_not_found. A trip’s document is at /invoice/facturx/{id} (decision 0150).',
        security: adminSecurity,
        params: IdParams,
        response: adminErrors,
      },
    },
    async (request, reply) => {
      const row = await findStatement(app.db, request.params.id);
      if (!row) throw notFound('statement_not_found');
      const file = await statementXmlFile(row);
      return sendFile(reply, 'application/xml; charset=utf-8', file.filename, file.xml);
    },
  );
};

/** A member's view of their company's monthly invoices (decision 0142), mounted at /company. */
export const memberStatementsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'The monthly invoices of the signed-in member’s company, newest first',
        description: '403 company_member_only for an account in no open company.',
        security: [{ bearerAuth: [] }],
        response: { 200: CompanyStatementList, ...memberErrors },
      },
    },
    async (request) => {
      const membership = await requireMembership(app.db, requireAuth(request).userId);
      const rows = await listStatements(app.db, membership.company.id);
      return { data: rows.map(({ row, companyName }) => toStatementItem(row, companyName)) };
    },
  );

  app.get(
    '/invoices/pdf/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'One of the company’s monthly invoices as PDF: Factur-X (PDF/A-3 with factur-x.xml)',
        description: 'Another company’s invoice answers 404 statement_not_found, as an unknown one does.',
        security: [{ bearerAuth: [] }],
        params: IdParams,
        response: memberErrors,
      },
    },
    async (request, reply) => {
      const membership = await requireMembership(app.db, requireAuth(request).userId);
      const row = await findStatement(app.db, request.params.id);
      if (!row || row.companyId !== membership.company.id) throw notFound('statement_not_found');
      const file = await statementPdfFile(row);
      return sendFile(reply, 'application/pdf', file.filename, file.bytes);
    },
  );

  app.get(
    '/invoices/facturx/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'One of the company’s monthly invoices as Factur-X CII XML (EN 16931)',
        description: 'The XML its PDF embeds. Another company’s invoice answers 404 statement_not_found.',
        security: [{ bearerAuth: [] }],
        params: IdParams,
        response: memberErrors,
      },
    },
    async (request, reply) => {
      const membership = await requireMembership(app.db, requireAuth(request).userId);
      const row = await findStatement(app.db, request.params.id);
      if (!row || row.companyId !== membership.company.id) throw notFound('statement_not_found');
      const file = await statementXmlFile(row);
      return sendFile(reply, 'application/xml; charset=utf-8', file.filename, file.xml);
    },
  );
};
