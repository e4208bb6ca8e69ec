import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardPaymentResponse } from '@vtc/shared/booking/booking-responses';
import { requiredText } from '@vtc/shared/validation/form-fields';
import { MessageResponse } from '@vtc/shared/auth/auth-schemas';
import { CompanyStatementList, CompanyStatementsRun } from '@vtc/shared/company/company-responses';
import { CompanyStatementsBody } from '@vtc/shared/company/company-schemas';
import { requireMembership } from '../../accounts/companies/company-access.ts';
import type { ProviderId } from '../payments/payment-provider.ts';
import { createPaymentProviders } from '../payments/payment-providers.ts';
import { captureStatementReturn, startStatementPayment } from './statement-payments.ts';
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

/** A member's view of their company's monthly invoices (decision 0142), mounted at /company; an admin pays them by card or PayPal (decision 0150). */
export const memberStatementsRoutes: FastifyPluginAsyncZod = async (app) => {
  const providers = createPaymentProviders(app.config);
  const deps = () => ({ db: app.db, config: app.config, providers, log: app.log });
  const configured = (['stripe', 'paypal'] as const).filter((id) => providers.find(id) !== undefined);

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
      const payWith = membership.role === 'admin' ? configured : [];
      return { data: rows.map(({ row, companyName }) => toStatementItem(row, companyName, payWith)) };
    },
  );

  /** One of the member's company's statements; another company's answers 404 as an unknown one does. */
  const memberStatement = async (userId: number, id: number) => {
    const membership = await requireMembership(app.db, userId);
    const row = await findStatement(app.db, id);
    if (!row || row.companyId !== membership.company.id) throw notFound('statement_not_found');
    return row;
  };

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
      const row = await memberStatement(requireAuth(request).userId, request.params.id);
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
      const row = await memberStatement(requireAuth(request).userId, request.params.id);
      const file = await statementXmlFile(row);
      return sendFile(reply, 'application/xml; charset=utf-8', file.filename, file.xml);
    },
  );

  app.post(
    '/invoices/pay/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'Opens the provider’s page (Stripe Checkout, PayPal) for one of the company’s monthly invoices; the browser goes to `url` (company admin)',
        description: [
          'The statement is marked paid once when the provider confirms (Stripe’s webhook, PayPal’s capture on return or its webhook; decision 0150).',
          '403 company_admin_only for a booker; 404 statement_not_found (another company’s too); 409 statement_already_paid; 503 payment_not_configured or',
          'paypal_not_configured without the provider’s keys; 503 service_unavailable when the provider fails.',
        ].join(' '),
        security: [{ bearerAuth: [] }],
        params: IdParams,
        body: z.object({ provider: z.enum(['stripe', 'paypal']).meta({ description: 'stripe (card) or paypal' }) }),
        response: { 200: CardPaymentResponse, ...memberErrors, 409: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => startStatementPayment(deps(), request.body.provider as ProviderId, requireAuth(request).userId, request.params.id, request.lang),
  );

  app.post(
    '/invoices/paypal/capture/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['companies'],
        summary: 'Captures an approved PayPal order for a monthly invoice on the admin’s return; the invoice is paid once',
        description: 'The order must be one this invoice’s payment page created (404 token_invalid otherwise). 409 paypal_not_completed when not approved; paid false while PayPal holds it pending.',
        security: [{ bearerAuth: [] }],
        params: IdParams,
        body: z.object({ order: requiredText(64).meta({ description: 'The PayPal order id (the `token` of PayPal’s return URL)' }) }),
        response: { 200: z.object({ paid: z.boolean() }), ...memberErrors, 409: ErrorResponse, 503: ErrorResponse },
      },
    },
    async (request) => captureStatementReturn(deps(), requireAuth(request).userId, request.params.id, request.body.order),
  );
};
