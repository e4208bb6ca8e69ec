// E-invoices and e-reporting (issue 23 items 5 and 6, decisions 0139 and 0140): a business
// customer's documents are Factur-X PDFs whose CII XML, read back with pdfdetach, passes the
// EN 16931 schema (xmllint, vendored XSD); the certified platform's stub receives each document once
// however often the job runs; the e-reporting adds up B2C sales and payments.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { parisIsoDate } from '@vtc/shared/time/paris-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { loadConfig } from '../../src/config.ts';
import { einvoiceSubmissions, invoices, scheduledJobs } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startLoopbackServer } from '../support/loopback-server.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, NEXT_YEAR, pickupPassed } from './booking-helpers.ts';

const run = promisify(execFile);
const XSD = path.join(import.meta.dirname, '../support/cii-xsd/Factur-X_1.07.3_EN16931.xsd');

let ctx: TestContext;
let stub: Awaited<ReturnType<typeof startLoopbackServer>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let other: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let carId: number;

/** What the platform stub was sent: each POST with its idempotency key, each status read. */
const posts: { key: string; auth: string; hasPdf: boolean; flowInfo: string }[] = [];
const statusReads: string[] = [];
/** The platform is down for the POSTs of these document numbers (503) until they are removed. */
const failing = new Set<string>();

beforeAll(async () => {
  stub = await startLoopbackServer((request, response, body) => {
    if (request.method === 'POST' && request.url === '/api/v1/flows') {
      const key = String(request.headers['idempotency-key'] ?? '');
      if (failing.has(key)) {
        response.writeHead(503).end();
        return;
      }
      const text = body.toString('latin1');
      posts.push({ key, auth: String(request.headers.authorization ?? ''), hasPdf: text.includes('%PDF-'), flowInfo: /"trackingId":"([^"]+)"/.exec(text)?.[1] ?? '' });
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ flowId: `FLOW-${key}`, status: 'deposited' }));
      return;
    }
    const match = /^\/api\/v1\/flows\/(.+)$/.exec(request.url ?? '');
    if (request.method === 'GET' && match) {
      statusReads.push(decodeURIComponent(match[1]!));
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ flowId: match[1], status: 'accepted' }));
      return;
    }
    response.writeHead(404).end();
  });
  ctx = await createTestApp({ EINVOICE_PLATFORM: 'http', EINVOICE_API_URL: `${stub.url}/api/v1`, EINVOICE_API_KEY: 'platform-key' });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
  other = await registerUser(ctx.app, { fullName: 'Someone Else' });
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});

const BILLING = { companyName: 'Yacht Services Monaco SAS', address: '7 quai Antoine Ier, 98000 Monaco', siren: '303 265 045', vatNumber: 'FR 40 303 265 045' };

const asAdmin = (method: 'PUT' | 'GET', url: string, language = 'fr') =>
  ctx.app.inject({ method, url, headers: { ...bearer(admin.token), 'accept-language': language }, payload: method === 'PUT' ? {} : undefined });
const as = (token: string, url: string, language = 'fr') => ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': language } });

let day = 0;
/** A booking confirmed (cash), accepted, its deposit received, its trip completed: a receipt and an invoice. */
async function completed(billing: Record<string, unknown> | null): Promise<number> {
  day += 1;
  const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-10-${String(day).padStart(2, '0')}T10:00` });
  expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
  expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash', billing }), 200);
  expectStatus(await asAdmin('PUT', `/api/booking/accept/${id}`), 200);
  expectStatus(await asAdmin('PUT', `/api/booking/deposit-received/${id}`), 200);
  await pickupPassed(ctx.database.db, id);
  expectStatus(await asAdmin('PUT', `/api/booking/complete/${id}`), 200);
  return id;
}

const documentOf = async (bookingId: number, kind: 'receipt' | 'invoice' | 'credit_note') => {
  const [row] = await ctx.database.db.select().from(invoices).where(and(eq(invoices.bookingId, bookingId), eq(invoices.kind, kind)));
  if (!row) throw new Error(`no ${kind} for booking ${bookingId}`);
  return row;
};

/** The files embedded in a PDF (`pdfdetach -list`) and the first one's bytes (`pdfdetach -save 1`). */
async function detach(pdf: Buffer): Promise<{ names: string[]; xml: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtc-facturx-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    const { stdout } = await run('pdfdetach', ['-list', path.join(dir, 'doc.pdf')]);
    const names = stdout.split('\n').slice(1).map((line) => line.replace(/^\d+:\s*/, '').trim()).filter(Boolean);
    await run('pdfdetach', ['-save', '1', '-o', path.join(dir, 'out.xml'), path.join(dir, 'doc.pdf')]);
    return { names, xml: readFileSync(path.join(dir, 'out.xml'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** xmllint's verdict on an XML against the vendored Factur-X EN 16931 (CII D16B) schema. */
async function schemaCheck(xml: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtc-cii-'));
  try {
    writeFileSync(path.join(dir, 'factur-x.xml'), xml);
    const result = await run('xmllint', ['--noout', '--schema', XSD, path.join(dir, 'factur-x.xml')]).then(
      (done) => done.stderr,
      (error: { stderr: string }) => error.stderr,
    );
    return result.trim().replace(`${path.join(dir, 'factur-x.xml')} `, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Factur-X files of a business customer', () => {
  let business: number;
  beforeAll(async () => {
    business = await completed({ ...BILLING, purchaseOrder: 'PO-2027-77' });
  });

  it('the invoice PDF embeds factur-x.xml, valid against the EN 16931 schema, with the parties, the amounts and the PDF/A-3 marks', async () => {
    const invoice = await documentOf(business, 'invoice');
    const response = await asAdmin('GET', `/api/invoice/pdf/${invoice.id}`);
    expectStatus(response, 200);
    const pdf = response.rawPayload;
    const { names, xml } = await detach(pdf);
    expect(names).toEqual(['factur-x.xml']);
    expect(await schemaCheck(xml)).toBe('validates');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml).toContain('<ram:Name>Yacht Services Monaco SAS</ram:Name>');
    expect(xml).toContain('<ram:ID schemeID="0002">303265045</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR40303265045</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR32123456789</ram:ID>');
    expect(xml).toContain('<ram:BuyerReference>PO-2027-77</ram:BuyerReference>');
    expect(xml).toContain(`<ram:GrandTotalAmount>${(invoice.totalInclTaxCents / 100).toFixed(2)}</ram:GrandTotalAmount>`);
    expect(xml).toContain(`<ram:TaxTotalAmount currencyID="EUR">${(invoice.vatCents / 100).toFixed(2)}</ram:TaxTotalAmount>`);
    expect(xml).toContain(`<ram:TotalPrepaidAmount>${(invoice.depositCents / 100).toFixed(2)}</ram:TotalPrepaidAmount>`);
    // PDF/A-3 identification and the Factur-X conformance level in the XMP metadata.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(raw).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
    expect(raw).toContain('/AFRelationship /Alternative');
    // The page is still the invoice as we draw it.
    const text = await pdfText(pdf);
    for (const words of ['Facture', invoice.number, 'Yacht Services Monaco SAS', 'PO-2027-77', 'Prestations de services']) expect(text, words).toContain(words);
  });

  it('the receipt (type 386) and the credit note (type 381, the credited document named in its note) are Factur-X too, and valid', async () => {
    const receipt = await documentOf(business, 'receipt');
    const fromCustomer = await as(customer.token, `/api/user/booking/invoice/${business}?kind=receipt`);
    expectStatus(fromCustomer, 200);
    const { xml } = await detach(fromCustomer.rawPayload);
    expect(await schemaCheck(xml)).toBe('validates');
    expect(xml).toContain('<ram:TypeCode>386</ram:TypeCode>');
    expect(xml).toContain(`<ram:ID>${receipt.number}</ram:ID>`);

    const cancelled = await (async () => {
      day += 1;
      const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-10-${String(day).padStart(2, '0')}T10:00` });
      expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
      expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash', billing: BILLING }), 200);
      expectStatus(await asAdmin('PUT', `/api/booking/accept/${id}`), 200);
      expectStatus(await asAdmin('PUT', `/api/booking/deposit-received/${id}`), 200);
      expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: bearer(customer.token) }), 200);
      return id;
    })();
    const note = await documentOf(cancelled, 'credit_note');
    const noteXml = await asAdmin('GET', `/api/invoice/facturx/${note.id}`);
    expectStatus(noteXml, 200);
    expect(await schemaCheck(noteXml.body)).toBe('validates');
    expect(noteXml.body).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(noteXml.body).toContain(`<ram:Content>Avoir de ${(await documentOf(cancelled, 'receipt')).number} — Réservation ${cancelled}`);
    // A credit note states positive amounts (its type says it credits).
    expect(noteXml.body).toContain(`<ram:GrandTotalAmount>${(-note.totalInclTaxCents / 100).toFixed(2)}</ram:GrandTotalAmount>`);
  });

  it('GET /api/invoice/facturx/{id} gives the XML the PDF embeds, to an admin and to the owner only', async () => {
    const invoice = await documentOf(business, 'invoice');
    const embedded = (await detach((await asAdmin('GET', `/api/invoice/pdf/${invoice.id}`)).rawPayload)).xml;
    const byAdmin = await asAdmin('GET', `/api/invoice/facturx/${invoice.id}`);
    expectStatus(byAdmin, 200);
    expect(byAdmin.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(byAdmin.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}-factur-x.xml"`);
    expect(byAdmin.body).toBe(embedded);
    const byOwner = await as(customer.token, `/api/invoice/facturx/${invoice.id}`);
    expectStatus(byOwner, 200);
    expect(byOwner.body).toBe(embedded);

    const byOther = await as(other.token, `/api/invoice/facturx/${invoice.id}`, 'en');
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toMatchObject({ code: 'invoice_not_found', message: 'Document not found' });
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/invoice/facturx/${invoice.id}` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await asAdmin('GET', '/api/invoice/facturx/999999');
    expect(unknown.statusCode).toBe(404);
    const badId = await asAdmin('GET', '/api/invoice/facturx/abc');
    expect(badId.statusCode).toBe(400);
  });

  it('a private customer’s documents are plain PDFs, with no Factur-X and no XML (404 translated)', async () => {
    const privateTrip = await completed(null);
    const invoice = await documentOf(privateTrip, 'invoice');
    const pdf = (await asAdmin('GET', `/api/invoice/pdf/${invoice.id}`)).rawPayload;
    const { stdout } = await (async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'vtc-plain-'));
      try {
        writeFileSync(path.join(dir, 'doc.pdf'), pdf);
        return await run('pdfdetach', ['-list', path.join(dir, 'doc.pdf')]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    })();
    expect(stdout.trim()).toBe('0 embedded files');
    const xml = await asAdmin('GET', `/api/invoice/facturx/${invoice.id}`, 'ar');
    expect(xml.statusCode).toBe(404);
    expect(xml.json()).toMatchObject({ code: 'einvoice_not_business', message: 'هذا المستند ليس موجهاً إلى شركة: لا يوجد له ملف Factur-X' });
  });
});

describe('the certified platform', () => {
  it('receives each business document once however often the job runs; the list shows the platform’s status', async () => {
    const business = await completed(BILLING);
    const privateTrip = await completed(null);
    const sent = [await documentOf(business, 'receipt'), await documentOf(business, 'invoice')];
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    for (const document of sent) {
      const received = posts.filter((post) => post.key === document.number);
      expect(received, document.number).toHaveLength(1);
      expect(received[0]).toMatchObject({ auth: 'Bearer platform-key', hasPdf: true, flowInfo: document.number });
    }
    for (const kind of ['receipt', 'invoice'] as const) {
      const plain = await documentOf(privateTrip, kind);
      expect(posts.filter((post) => post.key === plain.number)).toEqual([]);
    }
    // Every business document of the file was sent once, none twice.
    const keys = posts.map((post) => post.key);
    expect(new Set(keys).size).toBe(keys.length);

    const [submission] = await ctx.database.db.select().from(einvoiceSubmissions).where(eq(einvoiceSubmissions.invoiceId, sent[1]!.id));
    expect(submission).toMatchObject({ platformId: `FLOW-${sent[1]!.number}`, lastError: null });
    expect(statusReads).toContain(`FLOW-${sent[1]!.number}`);

    const month = parisIsoDate(new Date()).slice(0, 7);
    const list = await asAdmin('GET', `/api/invoice/getAll?month=${month}`);
    expectStatus(list, 200);
    const rows = list.json().data as { number: string; einvoice: { status: string | null } | null }[];
    expect(rows.find((row) => row.number === sent[1]!.number)?.einvoice).toEqual({ status: 'accepted', error: null });
    expect(rows.find((row) => row.number === sent[0]!.number)?.einvoice?.status).toBe('accepted');
    const privateInvoice = await documentOf(privateTrip, 'invoice');
    expect(rows.find((row) => row.number === privateInvoice.number)?.einvoice).toBeNull();
  });

  it('a platform that is down: the error shows on the list, the job tries again later and the document is filed once', async () => {
    const business = await completed(BILLING);
    const invoice = await documentOf(business, 'invoice');
    const receipt = await documentOf(business, 'receipt');
    failing.add(invoice.number);
    await ctx.app.jobs.runDue();
    expect(posts.filter((post) => post.key === invoice.number)).toEqual([]);
    expect(posts.filter((post) => post.key === receipt.number)).toHaveLength(1);
    const month = parisIsoDate(new Date()).slice(0, 7);
    const listed = async () =>
      ((await asAdmin('GET', `/api/invoice/getAll?month=${month}`)).json().data as { number: string; einvoice: unknown }[]).find((row) => row.number === invoice.number)?.einvoice;
    expect(await listed()).toEqual({ status: 'queued', error: 'platform answered 503' });

    // The platform is back; the retry is due (its backoff moved to now rather than waited for).
    failing.delete(invoice.number);
    await ctx.database.db.update(scheduledJobs).set({ runAt: new Date(0) }).where(eq(scheduledJobs.key, `einvoice.send:${invoice.id}`));
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    expect(posts.filter((post) => post.key === invoice.number)).toHaveLength(1);
    expect(await listed()).toEqual({ status: 'deposited', error: null });
  });
});

describe('configuration', () => {
  it('refuses EINVOICE_PLATFORM=http without EINVOICE_API_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), EINVOICE_PLATFORM: 'http' })).toThrow(/EINVOICE_API_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), EINVOICE_PLATFORM: 'sftp' })).toThrow(/EINVOICE_PLATFORM/);
  });
});

describe('e-reporting', () => {
  it('totals the sales to individuals per day and rate, and the payments received, as JSON and CSV', async () => {
    const today = parisIsoDate(new Date());
    const before = (await asAdmin('GET', `/api/invoice/e-reporting?from=${today}&to=${today}`)).json();
    const privateTrip = await completed(null);
    const businessTrip = await completed(BILLING);
    const invoice = await documentOf(privateTrip, 'invoice');
    const receipt = await documentOf(privateTrip, 'receipt');

    const response = await asAdmin('GET', `/api/invoice/e-reporting?from=${today}&to=${today}&format=json`);
    expectStatus(response, 200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="e-reporting-${today}-${today}.json"`);
    const report = response.json();
    expect(report.period).toEqual({ from: today, to: today });
    expect(report.seller).toEqual({ siren: '123456789', vatNumber: 'FR32123456789' });
    const salesToday = (r: typeof report) => r.sales.find((line: { date: string; vatRatePercent: number }) => line.date === today && line.vatRatePercent === 10);
    const was = salesToday(before) ?? { documents: 0, totalExclTaxCents: 0, vatCents: 0, totalInclTaxCents: 0 };
    // The private invoice adds its amounts; the business trip's documents (e-invoiced) add nothing.
    expect(salesToday(report)).toEqual({
      date: today,
      vatRatePercent: 10,
      documents: was.documents + 1,
      totalExclTaxCents: was.totalExclTaxCents + invoice.totalExclTaxCents,
      vatCents: was.vatCents + invoice.vatCents,
      totalInclTaxCents: was.totalInclTaxCents + invoice.totalInclTaxCents,
    });
    // Both trips' deposits were received today (business payments are reported too).
    const paidToday = (r: typeof report) => r.payments.find((line: { date: string }) => line.date === today) ?? { count: 0, amountCents: 0 };
    expect(paidToday(report).count).toBe(paidToday(before).count + 2);
    expect(paidToday(report).amountCents).toBe(paidToday(before).amountCents + receipt.totalInclTaxCents + (await documentOf(businessTrip, 'receipt')).totalInclTaxCents);
    expect(report.totals.salesInclTaxCents).toBe(before.totals.salesInclTaxCents + invoice.totalInclTaxCents);

    const csv = await asAdmin('GET', `/api/invoice/e-reporting?from=${today}&to=${today}&format=csv`);
    expectStatus(csv, 200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('section;date;taux_tva;nombre;ht;tva;ttc');
    const sales = salesToday(report);
    expect(lines).toContain(
      ['ventes_b2c', today, '10', String(sales.documents), (sales.totalExclTaxCents / 100).toFixed(2), (sales.vatCents / 100).toFixed(2), (sales.totalInclTaxCents / 100).toFixed(2)].join(';'),
    );
    expect(lines.some((line) => line.startsWith(`encaissements;${today};10;`))).toBe(true);
  });

  it('refuses a bad period, translated, and anyone but an admin', async () => {
    for (const query of ['from=2027-03-10&to=2027-03-01', 'from=2027-13-01&to=2027-03-01', 'from=2026-01-01&to=2027-06-01', 'to=2027-03-01']) {
      const response = await asAdmin('GET', `/api/invoice/e-reporting?${query}`, 'en');
      expect(response.statusCode, query).toBe(400);
      expect(JSON.stringify(response.json()), query).toMatch(/period|Invalid period/i);
    }
    const format = await asAdmin('GET', '/api/invoice/e-reporting?from=2027-03-01&to=2027-03-31&format=xml');
    expect(format.statusCode).toBe(400);
    expect((await as(customer.token, '/api/invoice/e-reporting?from=2027-03-01&to=2027-03-31')).statusCode).toBe(403);
  });
});
