import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, NEXT_YEAR, pickupPassed } from './booking-helpers.ts';

const ARABIC = /[\u0600-\u06FF]/;

/**
 * Documents bind in French (decisions 10, 0122): the company's copy is French whatever the
 * customer's language; the customer's copy is French with their language beneath, and says the
 * French binds. Invoices name the seller's legal form, share capital and trade register entry.
 */
describe('the language of documents', () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let id: number;

  beforeAll(async () => {
    ctx = await createTestApp({ COMPANY_LEGAL_FORM: 'SAS', COMPANY_SHARE_CAPITAL: '25 000 €', COMPANY_TRADE_REGISTER: 'RCS Nice 987 654 321' });
    await seedDemoData(ctx.database.db);
    const carId = (await demoCars(ctx.database.db)).vclass;
    customer = await registerUser(ctx.app, { fullName: 'Layla Haddad' });
    admin = await loginAdmin(ctx.app, ctx.database);
    // An Arabic customer's trip, accepted, deposit received in cash, completed: a voucher, a receipt, an invoice.
    id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-06-03T10:00` }, 'ar');
    expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash', fullName: 'ليلى حداد' }), 200);
    await ctx.database.db.update(bookings).set({ totalCents: 11_000, depositCents: 2_200 }).where(eq(bookings.id, id));
    for (const step of ['accept', 'deposit-received', 'complete']) {
      // "Course terminée" only once the pickup time has passed (decision 0117).
      if (step === 'complete') await pickupPassed(ctx.database.db, id);
      expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/${step}/${id}`, headers: bearer(admin.token), payload: {} }), 200);
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  // The language asked by the reader changes nothing: the copy decides.
  const pdf = async (url: string, token: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': 'ar' } });
    expect(response.statusCode, response.body).toBe(200);
    return pdfText(response.rawPayload);
  };
  /** The text without what the customer typed (their Arabic name). */
  const withoutName = (text: string) => text.replaceAll('ليلى حداد', '');

  it('the company’s invoice of an Arabic customer is in French only', async () => {
    const text = await pdf(`/api/booking/invoice/${id}`, admin.token);
    for (const words of ['Facture', 'Total HT', 'TVA 10 %', 'Total TTC', 'Reste à payer', '110,00 €', 'Transport de personnes']) expect(text).toContain(words);
    expect(withoutName(text)).not.toMatch(ARABIC);
    expect(text).not.toContain('La version française fait foi');
  });

  it('the company’s voucher and the admin list’s download are French too', async () => {
    const voucher = await pdf(`/api/booking/voucher/${id}`, admin.token);
    expect(voucher).toContain('Bon de réservation');
    expect(withoutName(voucher)).not.toMatch(ARABIC);
    const list = await ctx.app.inject({ method: 'GET', url: `/api/invoice/getAll?month=${new Date().toISOString().slice(0, 7)}`, headers: bearer(admin.token) });
    const rows = (list.json() as { data: { id: number; number: string }[] }).data;
    const invoice = rows.find((row) => row.number.startsWith('F-'));
    expect(invoice).toBeDefined();
    const listed = await pdf(`/api/invoice/pdf/${invoice!.id}`, admin.token);
    expect(listed).toContain('Facture');
    expect(withoutName(listed)).not.toMatch(ARABIC);
  });

  it('the customer’s invoice is French with Arabic beneath, and says the French binds', async () => {
    const text = await pdf(`/api/user/booking/invoice/${id}`, customer.token);
    for (const words of ['Facture', 'فاتورة', 'Total TTC', 'المجموع شامل الضريبة', '110,00 €', 'La version française fait foi.', 'النص الفرنسي هو المعتمد قانونًا']) {
      expect(text).toContain(words);
    }
    // French first: each French label comes before its Arabic one.
    expect(text.indexOf('Total TTC')).toBeLessThan(text.indexOf('المجموع شامل الضريبة'));
  });

  it('the customer’s voucher is French with Arabic beneath', async () => {
    const text = await pdf(`/api/user/booking/voucher/${id}`, customer.token);
    for (const words of ['Bon de réservation', 'قسيمة الحجز', 'Prise en charge le', 'La version française fait foi.']) expect(text).toContain(words);
  });

  it('an invoice names the seller’s legal form, share capital and trade register entry from configuration', async () => {
    for (const text of [await pdf(`/api/booking/invoice/${id}`, admin.token), await pdf(`/api/booking/invoice/${id}?kind=receipt`, admin.token)]) {
      for (const words of ['Forme juridique', 'SAS', 'Capital social', '25 000 €', 'Immatriculation RCS', 'RCS Nice 987 654 321']) expect(text).toContain(words);
    }
  });
});
