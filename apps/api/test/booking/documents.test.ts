import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getParisParts } from '@vtc/shared/time/paris-time';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { issueVoucherVersion } from '../../src/booking/documents/booking-vouchers.ts';
import { takeNumber } from '../../src/booking/documents/documents-repository.ts';
import { bookings, bookingVouchers, drivers, invoices } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { pdfText, pdfWords } from '../support/pdf-text.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, NEXT_YEAR, pickupPassed } from './booking-helpers.ts';

const run = promisify(execFile);
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_documents';
const YEAR = getParisParts(new Date()).year;
const MONTH = `${YEAR}-${String(getParisParts(new Date()).month).padStart(2, '0')}`;

/** The first page rendered by `pdftoppm` in grey: its size and the share of its pixels that are ink. */
async function renderFirstPage(bytes: Buffer): Promise<{ width: number; height: number; ink: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'vtc-pdf-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), bytes);
    await run('pdftoppm', ['-gray', '-r', '50', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    const image = readFileSync(path.join(dir, 'page.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error('not a PGM image');
    const [width, height] = [Number(header[1]), Number(header[2])];
    const pixels = image.subarray(header[0].length);
    let dark = 0;
    for (const value of pixels) if (value < 128) dark += 1;
    return { width, height, ink: dark / pixels.length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('booking documents: voucher, receipt, invoice, credit note', () => {
  let ctx: TestContext;
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let stranger: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carId: number;
  const stripe = new Stripe('sk_test_only_for_signing');
  let day = 0;
  /** Each booking holds its car: a pickup day of its own, more than 48 hours ahead. */
  const ownDay = () => {
    day += 1;
    const month = 5 + Math.floor((day - 1) / 28);
    return { date: `${NEXT_YEAR}-${String(month).padStart(2, '0')}-${String(((day - 1) % 28) + 1).padStart(2, '0')}T10:00` };
  };

  beforeAll(async () => {
    stub = await startStripeStub();
    ctx = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_documents', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stub.url });
    await seedDemoData(ctx.database.db);
    carId = (await demoCars(ctx.database.db)).vclass;
    customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
    stranger = await registerUser(ctx.app, { fullName: 'Someone Else' });
    admin = await loginAdmin(ctx.app, ctx.database);
  });
  afterAll(async () => {
    await ctx.close();
    await stub.close();
  });

  const get = (url: string, token: string, language = 'fr') => ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': language } });
  const put = (url: string, token: string) => ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload: {} });

  /** A pending booking of the customer, priced 110,00 € with a 22,00 € deposit. */
  async function pending(options: { language?: string; method?: 'cash' | 'stripe'; confirm?: Record<string, unknown> } = {}): Promise<number> {
    const id = await createBooking(ctx.app, customer.token, ownDay(), options.language ?? 'fr');
    expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: options.method ?? 'cash', ...options.confirm }), 200);
    await ctx.database.db.update(bookings).set({ totalCents: 11_000, depositCents: 2_200 }).where(eq(bookings.id, id));
    return id;
  }
  const accept = async (id: number) => expectStatus(await put(`/api/booking/accept/${id}`, admin.token), 200);
  async function paid(options: Parameters<typeof pending>[0] = {}): Promise<number> {
    const id = await pending(options);
    await accept(id);
    expectStatus(await put(`/api/booking/deposit-received/${id}`, admin.token), 200);
    return id;
  }

  describe('booking voucher', () => {
    let id: number;

    it('is not there before the company accepts: 404 with a translated message', async () => {
      id = await pending();
      const response = await get(`/api/user/booking/voucher/${id}`, customer.token, 'en');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'voucher_not_issued', message: 'The booking voucher is issued when the company accepts the booking' });
    });

    it('is issued on acceptance with the mentions of the arrêté of 6 August 2025, for the customer and the company', async () => {
      await accept(id);
      const response = await get(`/api/user/booking/voucher/${id}`, customer.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="BR-${YEAR}-000001-v1.pdf"`);
      const text = await pdfText(response.rawPayload);
      for (const mention of [
        'Bon de réservation',
        `BR-${YEAR}-000001`,
        'Riviera VTC SAS',
        '12 avenue de Verdun, 06000 Nice, France',
        '+33 6 12 34 56 78',
        '123456789',
        'EVTC006230001',
        'Camille Martin',
        '+33612345678',
        'Réservation faite le',
        'Prise en charge le',
        `1 mai ${NEXT_YEAR} à 10:00`,
        'Nice, 1 promenade des Anglais',
        'Monaco',
        '110,00',
        'Classe V',
        'À attribuer',
      ]) {
        expect(text).toContain(mention);
      }
      const company = await get(`/api/booking/voucher/${id}`, admin.token);
      expect(company.statusCode).toBe(200);
      expect(await pdfText(company.rawPayload)).toContain('Camille Martin');
      const page = await renderFirstPage(company.rawPayload);
      expect(page.width).toBeGreaterThan(page.height * 0.6);
      expect(page.ink).toBeGreaterThan(0.005);
    });

    it('answers someone else’s booking, a tampered number and an unknown version with clear errors, changing nothing', async () => {
      const before = await ctx.database.db.select().from(bookingVouchers);
      const foreign = await get(`/api/user/booking/voucher/${id}`, stranger.token, 'en');
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toMatchObject({ code: 'booking_not_found', message: 'Booking not found' });
      const tampered = await get(`/api/user/booking/voucher/${id}?number=BR-${YEAR}-000099`, customer.token, 'ar');
      expect(tampered.statusCode).toBe(404);
      expect(tampered.json()).toMatchObject({ code: 'voucher_not_found', message: 'رقم قسيمة الحجز هذا لا يخص هذا الحجز' });
      const malformed = await get(`/api/user/booking/voucher/${id}?number=BR-1'%3B--`, customer.token);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().code).toBe('validation_failed');
      expect((await get(`/api/user/booking/voucher/${id}?version=7`, customer.token)).json().code).toBe('voucher_not_found');
      expect((await get(`/api/booking/voucher/${id}`, customer.token)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/user/booking/voucher/${id}` })).statusCode).toBe(401);
      expect((await get(`/api/user/booking/voucher/${id}?number=BR-${YEAR}-000001`, customer.token)).statusCode).toBe(200);
      expect(await ctx.database.db.select().from(bookingVouchers)).toEqual(before);
    });

    it('a change of chauffeur issues version 2 under the same number; version 1 stays as issued', async () => {
      const [driver] = await ctx.database.db.insert(drivers).values({ fullName: 'Karim Benali', phone: '+33699887766', email: 'karim@riviera-vtc.test' }).returning();
      await ctx.database.db.transaction(async (tx) => {
        await tx.update(bookings).set({ driverId: driver!.id }).where(eq(bookings.id, id));
        const issued = await issueVoucherVersion(tx, ctx.config, id);
        expect(issued).toMatchObject({ number: `BR-${YEAR}-000001`, version: 2 });
      });
      // Nothing changed since: no new version.
      const again = await ctx.database.db.transaction((tx) => issueVoucherVersion(tx, ctx.config, id));
      expect(again?.version).toBe(2);

      const latest = await get(`/api/user/booking/voucher/${id}`, customer.token);
      expect(latest.headers['content-disposition']).toContain(`BR-${YEAR}-000001-v2.pdf`);
      expect(await pdfText(latest.rawPayload)).toContain('Karim Benali, +33699887766');
      const first = await pdfText((await get(`/api/user/booking/voucher/${id}?version=1`, customer.token)).rawPayload);
      expect(first).not.toContain('Karim Benali');
      expect(first).toContain('À attribuer');
    });

    it('is never edited in place: the database refuses it', async () => {
      await expect(ctx.database.db.update(bookingVouchers).set({ number: 'BR-0000-000000' }).where(eq(bookingVouchers.bookingId, id))).rejects.toThrow();
      await expect(ctx.database.db.delete(bookingVouchers).where(eq(bookingVouchers.bookingId, id))).rejects.toThrow();
    });
  });

  describe('customer text on the voucher', () => {
    it('a 120-character word wraps inside the page, whole; a right-to-left override does not reorder the name', async () => {
      const word = Array.from({ length: 120 }, (_, i) => 'ABCDEFGHIJ'[i % 10]).join('');
      const id = await pending({ confirm: { fullName: 'Camille \u202EMartin Zed', address: word } });
      await accept(id);
      const response = await get(`/api/user/booking/voucher/${id}`, customer.token);
      expect(response.statusCode).toBe(200);

      const words = await pdfWords(response.rawPayload);
      expect(words.length).toBeGreaterThan(20);
      for (const drawn of words) {
        expect(drawn.xMin, drawn.text).toBeGreaterThanOrEqual(0);
        expect(drawn.xMax, drawn.text).toBeLessThanOrEqual(drawn.pageWidth);
      }
      const text = await pdfText(response.rawPayload);
      expect(text.replace(/\s+/g, '')).toContain(`Nice,${word}`);
      expect(text).toContain('Camille Martin Zed');
      expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    });
  });

  describe('receipt, invoice and credit note', () => {
    let id: number;

    it('a cash deposit received issues the deposit receipt; the invoice is not there yet', async () => {
      id = await paid();
      const missing = await get(`/api/user/booking/invoice/${id}`, customer.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'invoice_not_issued' });
      expect(missing.json().message).toContain('pas encore émis');

      const receipt = await get(`/api/user/booking/invoice/${id}?kind=receipt`, customer.token);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers['content-disposition']).toBe(`attachment; filename="A-${YEAR}-000001.pdf"`);
      const text = await pdfText(receipt.rawPayload);
      for (const mention of ['Facture d’acompte', `A-${YEAR}-000001`, 'FR32123456789', '123456789', 'Camille Martin', '20,00', '2,00', '22,00', 'TVA 10 %']) {
        expect(text).toContain(mention);
      }
    });

    it('completion issues the invoice: 110,00 € TTC = 100,00 € HT + 10,00 € TVA, deposit deducted', async () => {
      await pickupPassed(ctx.database.db, id);
      expectStatus(await put(`/api/booking/complete/${id}`, admin.token), 200);
      const [row] = await ctx.database.db.select().from(invoices).where(sql`${invoices.bookingId} = ${id} and ${invoices.kind} = 'invoice'`);
      expect(row).toMatchObject({ number: `F-${YEAR}-000001`, totalExclTaxCents: 10_000, vatCents: 1_000, totalInclTaxCents: 11_000, depositCents: 2_200, vatRateBasisPoints: 1_000 });

      for (const response of [await get(`/api/user/booking/invoice/${id}`, customer.token), await get(`/api/booking/invoice/${id}`, admin.token)]) {
        expect(response.statusCode).toBe(200);
        const text = await pdfText(response.rawPayload);
        for (const mention of [`Facture F-${YEAR}-000001`, 'Total HT', '100,00', 'TVA 10 %', '10,00', 'Total TTC', '110,00', `Acompte déjà réglé (facture A-${YEAR}-000001)`, '-22,00', 'Reste à payer', '88,00', 'Transport de personnes']) {
          expect(text).toContain(mention);
        }
      }
      expect((await get(`/api/user/booking/invoice/${id}`, stranger.token)).statusCode).toBe(404);
      await expect(ctx.database.db.update(invoices).set({ totalInclTaxCents: 1 }).where(eq(invoices.id, row!.id))).rejects.toThrow();
    });

    it('a deposit paid by card (signed Stripe webhook) issues the receipt in the same transaction', async () => {
      const cardId = await pending({ method: 'stripe' });
      await accept(cardId);
      const payload = JSON.stringify({
        id: `evt_documents_${cardId}`,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: `cs_documents_${cardId}`,
            object: 'checkout.session',
            payment_status: 'paid',
            status: 'complete',
            amount_total: 2_200,
            currency: 'eur',
            client_reference_id: String(cardId),
            metadata: { bookingId: String(cardId) },
          },
        },
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/booking/payment/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
        payload,
      });
      expectStatus(response, 200);
      const receipt = await get(`/api/booking/invoice/${cardId}?kind=receipt`, admin.token);
      expect(receipt.statusCode).toBe(200);
      expect(await pdfText(receipt.rawPayload)).toContain(`A-${YEAR}-000002`);
    });

    it('a free cancellation after the receipt issues a credit note cancelling it', async () => {
      const cancelled = await paid();
      expectStatus(await put(`/api/user/booking/cancel/${cancelled}`, customer.token), 200);
      const [note] = await ctx.database.db.select().from(invoices).where(sql`${invoices.bookingId} = ${cancelled} and ${invoices.kind} = 'credit_note'`);
      const [receipt] = await ctx.database.db.select().from(invoices).where(sql`${invoices.bookingId} = ${cancelled} and ${invoices.kind} = 'receipt'`);
      expect(note).toMatchObject({ number: `AV-${YEAR}-000001`, creditOf: receipt!.id, totalInclTaxCents: -2_200, totalExclTaxCents: -2_000, vatCents: -200 });
      const text = await pdfText((await get(`/api/user/booking/invoice/${cancelled}?kind=credit_note`, customer.token)).rawPayload);
      expect(text).toContain(`Avoir AV-${YEAR}-000001`);
      expect(text).toContain(`Avoir sur la facture ${receipt!.number}`);
      expect(text).toContain('-22,00');
    });
  });

  describe('numbers: gapless and never reused', () => {
    it('N concurrent completions of different bookings take the next N numbers, no gap; one booking completed twice gets one invoice', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await paid());
      for (const id of ids) await pickupPassed(ctx.database.db, id);
      const before = await ctx.database.db.select().from(invoices).where(sql`${invoices.kind} = 'invoice' and ${invoices.year} = ${YEAR}`);
      const responses = await Promise.all([...ids, ids[0]!, ids[1]!].map((id) => put(`/api/booking/complete/${id}`, admin.token)));
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 409, 409]);

      const all = await ctx.database.db.select().from(invoices).where(sql`${invoices.kind} = 'invoice' and ${invoices.year} = ${YEAR}`);
      expect(all).toHaveLength(before.length + 5);
      expect(all.map((row) => row.sequence).sort((a, b) => a - b)).toEqual(all.map((_, i) => i + 1));
      for (const id of ids) expect(all.filter((row) => row.bookingId === id)).toHaveLength(1);
    });

    it('a number taken by a transaction that rolls back is taken again by the next one', async () => {
      const failed = ctx.database.db.transaction(async (tx) => {
        await takeNumber(tx, 'credit_note', 1999);
        throw new Error('the issuing failed');
      });
      await expect(failed).rejects.toThrow('the issuing failed');
      expect(await ctx.database.db.transaction((tx) => takeNumber(tx, 'credit_note', 1999))).toBe(1);
      expect(await ctx.database.db.transaction((tx) => takeNumber(tx, 'credit_note', 1999))).toBe(2);
    });
  });

  describe('the admin Factures list and the accountant’s CSV', () => {
    it('lists the month’s documents with their amounts', async () => {
      const response = await get(`/api/invoice/getAll?month=${MONTH}`, admin.token);
      expect(response.statusCode).toBe(200);
      const rows = response.json().data as { kind: string; number: string; totalInclTaxCents: number }[];
      expect(rows.find((row) => row.number === `F-${YEAR}-000001`)).toMatchObject({ kind: 'invoice', totalInclTaxCents: 11_000 });
      expect(rows.find((row) => row.number === `AV-${YEAR}-000001`)).toMatchObject({ kind: 'credit_note', totalInclTaxCents: -2_200 });
      expect((await get(`/api/invoice/getAll?month=${NEXT_YEAR + 1}-01`, admin.token)).json().data).toEqual([]);
    });

    it('exports a month as CSV for French Excel: BOM, semicolons, decimal comma; credit notes negative', async () => {
      const response = await get(`/api/invoice/export?month=${MONTH}`, admin.token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="factures-${MONTH}.csv"`);
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = response.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(lines[0]).toBe('Numéro;Date;Type;Réservation;Client;HT;TVA;TTC;Taux TVA;Avoir de');
      expect(lines.find((line) => line.startsWith(`F-${YEAR}-000001;`))).toMatch(/;Facture;\d+;Camille Martin;100,00;10,00;110,00;10;$/);
      expect(lines.find((line) => line.startsWith(`AV-${YEAR}-000001;`))).toMatch(new RegExp(`;Avoir;\\d+;Camille Martin;-20,00;-2,00;-22,00;10;A-${YEAR}-\\d{6}$`));
    });

    it('refuses a bad month with a translated 400, a customer with 403, an unknown document with 404', async () => {
      const bad = await get('/api/invoice/export?month=2026-13', admin.token, 'en');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'month', message: 'Invalid value' }] });
      expect((await get(`/api/invoice/getAll?month=${MONTH}`, customer.token)).statusCode).toBe(403);
      const unknown = await get('/api/invoice/pdf/999999', admin.token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('invoice_not_found');
      const [first] = await ctx.database.db.select().from(invoices).limit(1);
      const pdf = await get(`/api/invoice/pdf/${first!.id}`, admin.token);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    });
  });

  describe('documents in Arabic', () => {
    it('the voucher of an Arabic booking reads back in logical order and renders a page with ink', async () => {
      const id = await pending({ language: 'ar', confirm: { fullName: 'ليلى حداد', address: 'شارع الحرية 5' } });
      await accept(id);
      const response = await get(`/api/user/booking/voucher/${id}`, customer.token);
      expect(response.statusCode).toBe(200);
      const text = await pdfText(response.rawPayload);
      for (const words of ['قسيمة الحجز', 'إثبات الحجز المسبق', 'الاسم', 'ليلى حداد', 'مكان الانطلاق', 'الوجهة', 'مشغل النقل بسائق', 'رقم اللوحة', 'سيتم التعيين', 'Riviera VTC SAS', '123456789', 'EVTC006230001', 'Monaco']) {
        expect(text).toContain(words);
      }
      const page = await renderFirstPage(response.rawPayload);
      expect(page.ink).toBeGreaterThan(0.005);
      if (process.env.DOCUMENTS_PDF_OUT) writeFileSync(process.env.DOCUMENTS_PDF_OUT, response.rawPayload);
    });

    it('the Arabic invoice shows the totals with their Arabic labels', async () => {
      const id = await paid({ language: 'ar' });
      await pickupPassed(ctx.database.db, id);
      expectStatus(await put(`/api/booking/complete/${id}`, admin.token), 200);
      const response = await get(`/api/user/booking/invoice/${id}`, customer.token);
      const text = await pdfText(response.rawPayload);
      // French binds (decision 0122): the French words and amounts, the Arabic labels beneath them.
      for (const words of ['Facture', 'فاتورة', 'المجموع دون الضريبة', 'ضريبة القيمة المضافة', 'المجموع شامل الضريبة', 'المبلغ المتبقي', '110,00', '100,00']) {
        expect(text).toContain(words);
      }
      expect((await renderFirstPage(response.rawPayload)).ink).toBeGreaterThan(0.005);
      if (process.env.DOCUMENTS_INVOICE_OUT) writeFileSync(process.env.DOCUMENTS_INVOICE_OUT, response.rawPayload);
    });
  });
});
