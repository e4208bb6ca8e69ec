import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BookingInvoiceQuery, EReportingQuery, InvoiceList, InvoiceMonthQuery, VoucherQuery } from '@vtc/shared/documents/document-schemas';
import { adminErrors, adminSecurity, ErrorResponse, IdParams } from '../../platform/lib/api-schemas.ts';
import { requireAuth } from '../../platform/http/auth-guard.ts';
import { sendFile } from '../../platform/lib/send-file.ts';
import { accessOf } from '../booking-access.ts';
import { bookingInvoicePdf, exportMonthCsv, invoicePdfById, invoiceXmlById, listMonthInvoices, voucherPdf, type PdfFile } from './documents-service.ts';
import { eReport, eReportCsv } from './e-reporting.ts';
import { listSubmissions } from './einvoice-queue.ts';
import { isBusinessDocument, type InvoiceData } from './booking-invoices.ts';

const ADMIN = { userId: 0, isAdmin: true } as const;
const customerErrors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse } as const;


const sendPdf = (reply: FastifyReply, file: PdfFile) => sendFile(reply, 'application/pdf', file.filename, file.bytes);

const voucherNote = [
  'Answers the PDF (application/pdf, attachment) of the booking voucher (bon de réservation, decision 0087): the company’s copy',
  'in French, the customer’s in French with their language beneath (decision 0122); the latest version, or `version`. `number` (BR-YYYY-NNNNNN), when given, must be this booking’s voucher number.',
  '404 voucher_not_issued before the company accepts; 404 voucher_not_found for another number or an unknown version.',
].join(' ');
const invoiceNote = [
  'Answers the PDF (application/pdf, attachment) of the booking’s `kind` of document (decision 0088): `invoice` (default, issued',
  'when the trip is completed), `receipt` (the deposit invoice, issued when the deposit is paid) or `credit_note` (issued when a',
  'cancellation or a refund gives money back): the company’s copy in French, the customer’s in French with their language beneath',
  '(decision 0122). The latest of that kind, or the one numbered `number` (A-, F- or AV-YYYY-NNNNNN) when a booking has several.',
  '404 invoice_not_issued while it does not exist, or for a number that is not this booking’s document of that kind.',
].join(' ');

/** The customer's documents, mounted at /user/booking beside the funnel. */
export const customerDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/voucher/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'The booking voucher as PDF (owner or admin)',
        description: `${voucherNote} Another user’s booking answers 404 booking_not_found.`,
        security: adminSecurity,
        params: IdParams,
        querystring: VoucherQuery,
        response: customerErrors,
      },
    },
    async (request, reply) => sendPdf(reply, await voucherPdf(app.db, accessOf(requireAuth(request)), request.params.id, request.query, 'customer')),
  );

  app.get(
    '/invoice/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'The booking’s invoice, deposit receipt or credit note as PDF (owner or admin)',
        description: `${invoiceNote} Another user’s booking answers 404 booking_not_found.`,
        security: adminSecurity,
        params: IdParams,
        querystring: BookingInvoiceQuery,
        response: customerErrors,
      },
    },
    async (request, reply) => sendPdf(reply, await bookingInvoicePdf(app.db, accessOf(requireAuth(request)), request.params.id, request.query, 'customer')),
  );
};

/** The company's copies of a booking's documents, mounted at /booking (admin). */
export const adminBookingDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/voucher/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'A booking voucher as PDF (admin)',
        description: voucherNote,
        security: adminSecurity,
        params: IdParams,
        querystring: VoucherQuery,
        response: adminErrors,
      },
    },
    async (request, reply) => sendPdf(reply, await voucherPdf(app.db, ADMIN, request.params.id, request.query, 'company')),
  );

  app.get(
    '/invoice/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'A booking’s invoice, deposit receipt or credit note as PDF (admin)',
        description: invoiceNote,
        security: adminSecurity,
        params: IdParams,
        querystring: BookingInvoiceQuery,
        response: adminErrors,
      },
    },
    async (request, reply) => sendPdf(reply, await bookingInvoicePdf(app.db, ADMIN, request.params.id, request.query, 'company')),
  );
};

/**
 * A business document's Factur-X XML alone, mounted at /invoice for the booking's owner and the
 * admins (decision 0139).
 */
export const einvoiceXmlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/facturx/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'A business customer’s receipt, invoice or credit note as Factur-X CII XML, EN 16931 (admin, or the booking’s owner)',
        description:
          'application/xml, attachment: the XML the PDF embeds as factur-x.xml. 404 invoice_not_found for an unknown id or another user’s document; 404 einvoice_not_business for a private customer’s document.',
        security: adminSecurity,
        params: IdParams,
        response: customerErrors,
      },
    },
    async (request, reply) => {
      const file = await invoiceXmlById(app.db, accessOf(requireAuth(request)), request.params.id);
      return sendFile(reply, 'application/xml; charset=utf-8', file.filename, file.xml);
    },
  );
};

/** The "Factures" back-office list and the accountant's export, mounted at /invoice (admin). */
export const adminInvoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/getAll',
    {
      schema: {
        tags: ['documents'],
        summary: 'Receipts, invoices and credit notes issued in a month, oldest first (admin)',
        description: '`month` is YYYY-MM on Paris clocks (400 invalid_value otherwise). Amounts in cents, negative on credit notes.',
        security: adminSecurity,
        querystring: InvoiceMonthQuery,
        response: { 200: InvoiceList, ...adminErrors },
      },
    },
    async (request) => {
      const rows = await listMonthInvoices(app.db, request.query.month);
      const submissions = await listSubmissions(app.db, rows.map((row) => row.id));
      return {
        data: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          number: row.number,
          issuedAt: row.issuedAt.toISOString(),
          bookingId: row.bookingId,
          customerName: row.customerName,
          totalExclTaxCents: row.totalExclTaxCents,
          vatCents: row.vatCents,
          totalInclTaxCents: row.totalInclTaxCents,
          creditOf: row.creditOf,
          einvoice: isBusinessDocument(row.data as InvoiceData)
            ? { status: submissions.get(row.id)?.status ?? null, error: submissions.get(row.id)?.lastError ?? null }
            : null,
        })),
      };
    },
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['documents'],
        summary: 'A month of documents as CSV for the accountant (admin)',
        description: [
          'text/csv, UTF-8 with a byte order mark, `;` separated, decimal comma, CRLF (French Excel opens it as it is; decision 0088).',
          'Columns: Numéro, Date, Type, Réservation, Client, HT, TVA, TTC, Taux TVA, Avoir de. `month` is YYYY-MM.',
          'The companies’ month-end statements issued that month are in it (type Facture mensuelle, the company as Client, no Réservation; decision 0150).',
        ].join(' '),
        security: adminSecurity,
        querystring: InvoiceMonthQuery,
        response: adminErrors,
      },
    },
    async (request, reply) => {
      const csv = await exportMonthCsv(app.db, request.query.month);
      return sendFile(reply, 'text/csv; charset=utf-8', csv.filename, csv.text);
    },
  );

  app.get(
    '/e-reporting',
    {
      schema: {
        tags: ['documents'],
        summary: 'E-reporting of a period: B2C sales per day and VAT rate, payments received (admin)',
        description: [
          '`from` and `to` are Paris days (YYYY-MM-DD, both included, 366 days at most; 400 period_invalid otherwise); `format` json (default) or csv.',
          'Sales: invoices and credit notes to private customers; payments: deposits and balances received (decision 0140). Amounts in cents (JSON) or euros (CSV).',
        ].join(' '),
        security: adminSecurity,
        querystring: EReportingQuery,
        response: adminErrors,
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const report = await eReport(app.db, app.config, from, to);
      const name = `e-reporting-${from}-${to}`;
      if (format === 'csv') return sendFile(reply, 'text/csv; charset=utf-8', `${name}.csv`, eReportCsv(report));
      return sendFile(reply, 'application/json; charset=utf-8', `${name}.json`, JSON.stringify(report, null, 2));
    },
  );

  app.get(
    '/pdf/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'One receipt, invoice or credit note as PDF, by its id in the list (admin)',
        description: '404 invoice_not_found for an unknown id.',
        security: adminSecurity,
        params: IdParams,
        response: adminErrors,
      },
    },
    async (request, reply) => sendPdf(reply, await invoicePdfById(app.db, request.params.id)),
  );
};
