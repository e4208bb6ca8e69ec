// A card-paying business customer (no company account) names their company at step three or in
// their profile; their receipt, invoice and credit note carry it with the B2B mentions (decision 0134).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, invoices, users } from '../../src/platform/db/schema.ts';
import { fieldErrors } from '../catalogue/catalogue-helpers.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, NEXT_YEAR, pickupPassed } from './booking-helpers.ts';

let ctx: TestContext;
let customer: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let carId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => ctx.close());

const BILLING = { companyName: 'Yacht Services Monaco SAS', address: '7 quai Antoine Ier, 98000 Monaco', siren: '303 265 045', vatNumber: 'FR 40 303 265 045' };
const PROFILE = { fullName: 'Camille Martin', email: '', phone: '+33612345678' };

const call = (method: 'GET' | 'PUT', url: string, payload?: unknown, language = 'fr') =>
  ctx.app.inject({ method, url, payload: payload as Record<string, unknown>, headers: { ...bearer(customer.token), 'accept-language': language } });
const asAdmin = (method: 'PUT' | 'GET', url: string) => ctx.app.inject({ method, url, headers: bearer(admin.token), payload: method === 'PUT' ? {} : undefined });

let day = 0;
/** A booking at step two (car chosen), on a pickup day of its own; `language` is the booking's. */
async function chosen(language = 'fr'): Promise<number> {
  day += 1;
  const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-09-${String(day).padStart(2, '0')}T10:00` }, language);
  expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
  return id;
}

const billingOf = async (id: number) => (await ctx.database.db.select({ billing: bookings.billing }).from(bookings).where(eq(bookings.id, id)))[0]?.billing;

describe('company details in the profile', () => {
  it('are saved, shown, kept when a later update does not send them, and removed with null', async () => {
    const profile = { ...PROFILE, email: customer.user.email };
    const saved = await call('PUT', '/api/profile/update', { ...profile, billing: BILLING });
    expect(saved.statusCode).toBe(200);
    const expected = { companyName: 'Yacht Services Monaco SAS', address: '7 quai Antoine Ier, 98000 Monaco', siren: '303265045', vatNumber: 'FR40303265045' };
    expect(saved.json().data.billing).toEqual(expected);
    expect((await call('GET', '/api/profile/getAll')).json().data.billing).toEqual(expected);
    expectStatus(await call('PUT', '/api/profile/update', { ...profile, fullName: 'Camille Martin' }), 200);
    expect((await call('GET', '/api/profile/getAll')).json().data.billing).toEqual(expected);
    expectStatus(await call('PUT', '/api/profile/update', { ...profile, billing: null }), 200);
    expect((await call('GET', '/api/profile/getAll')).json().data.billing).toBeNull();
  });

  it('refuses a SIREN with a wrong key and a VAT number of another SIREN, translated, and keeps what was there', async () => {
    const before = await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id!));
    const response = await call('PUT', '/api/profile/update', { ...PROFILE, email: customer.user.email, fullName: 'Changed', billing: { ...BILLING, siren: '303 265 046' } }, 'en');
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual({ 'billing.siren': 'This SIREN or SIRET is wrong: check the digits' });
    const mismatch = await call('PUT', '/api/profile/update', { ...PROFILE, email: customer.user.email, billing: { ...BILLING, siren: '542051180' } }, 'ar');
    expect(fieldErrors(mismatch)).toEqual({ 'billing.vatNumber': 'رقم ضريبة القيمة المضافة هذا لا يطابق رقم SIREN المذكور' });
    expect(await ctx.database.db.select().from(users).where(eq(users.id, customer.user.id!))).toEqual(before);
  });
});

describe('company details at step three', () => {
  it('are kept on the booking with the purchase order; a bad VAT number is refused and the booking stays unconfirmed', async () => {
    const id = await chosen();
    const refused = await confirmBooking(ctx.app, customer.token, id, { method: 'cash', billing: { ...BILLING, vatNumber: 'FR 40 3032' } });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toEqual({ 'billing.vatNumber': 'Numéro de TVA invalide : code pays de l’UE puis le numéro (ex. FR 40 303265045)' });
    const [still] = await ctx.database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
    expect(still?.status).toBe('car_selected');

    expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash', billing: { ...BILLING, purchaseOrder: 'PO-7781' } }), 200);
    expect(await billingOf(id)).toEqual({ companyName: BILLING.companyName, address: BILLING.address, siren: '303265045', vatNumber: 'FR40303265045', purchaseOrder: 'PO-7781' });
  });

  it('without billing, the profile’s company is used and shown at step three; null books as a private customer', async () => {
    expectStatus(await call('PUT', '/api/profile/update', { ...PROFILE, email: customer.user.email, billing: BILLING }), 200);
    const id = await chosen();
    const stepThree = await call('GET', `/api/user/booking/step-three/${id}`);
    expect(stepThree.json()).toMatchObject({ billing: { companyName: BILLING.companyName, siren: '303265045' }, company: null });
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash' }), 200);
    expect(await billingOf(id)).toMatchObject({ companyName: BILLING.companyName, vatNumber: 'FR40303265045' });

    const privateTrip = await chosen();
    expectStatus(await confirmBooking(ctx.app, customer.token, privateTrip, { method: 'cash', billing: null }), 200);
    expect(await billingOf(privateTrip)).toBeNull();
    expectStatus(await call('PUT', '/api/profile/update', { ...PROFILE, email: customer.user.email, billing: null }), 200);
  });
});

describe('documents of a business customer', () => {
  const documentOf = async (id: number, kind: 'receipt' | 'invoice' | 'credit_note', copy: 'customer' | 'company' = 'customer') => {
    const response =
      copy === 'customer' ? await call('GET', `/api/user/booking/invoice/${id}?kind=${kind}`) : await asAdmin('GET', `/api/booking/invoice/${id}?kind=${kind}`);
    expectStatus(response, 200);
    return pdfText(response.rawPayload);
  };

  /** A booking confirmed with these details, accepted and its cash deposit received (receipt issued). */
  async function paid(billing: Record<string, unknown> | null, language = 'fr'): Promise<number> {
    const id = await chosen(language);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash', billing }), 200);
    expectStatus(await asAdmin('PUT', `/api/booking/accept/${id}`), 200);
    expectStatus(await asAdmin('PUT', `/api/booking/deposit-received/${id}`), 200);
    return id;
  }

  it('the receipt and the invoice carry the company, its SIREN and VAT number, the purchase order and “prestations de services”', async () => {
    const id = await paid({ ...BILLING, purchaseOrder: 'PO-2026-118' });
    const receipt = await documentOf(id, 'receipt');
    await pickupPassed(ctx.database.db, id);
    expectStatus(await asAdmin('PUT', `/api/booking/complete/${id}`), 200);
    const invoice = await documentOf(id, 'invoice', 'company');
    for (const text of [receipt, invoice]) {
      for (const mention of [
        'Raison sociale',
        'Yacht Services Monaco SAS',
        '7 quai Antoine Ier, 98000 Monaco',
        'SIREN',
        '303 265 045',
        'N° TVA intracommunautaire',
        'FR 40 303265045',
        'À l’attention de',
        'Camille Martin',
        'Bon de commande',
        'PO-2026-118',
        'Nature de l’opération',
        'Prestations de services',
      ]) {
        expect(text, mention).toContain(mention);
      }
    }
    expect(invoice).toContain('Transport de personnes');
    const [row] = await ctx.database.db.select({ customerName: invoices.customerName }).from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'invoice')));
    expect(row?.customerName).toBe('Yacht Services Monaco SAS');
  });

  it('the credit note of a cancellation carries them too, in the customer’s language beneath the French', async () => {
    const id = await paid({ ...BILLING, siren: '30326504500011', purchaseOrder: undefined }, 'en');
    expectStatus(await call('PUT', `/api/user/booking/cancel/${id}`), 200);
    const note = await documentOf(id, 'credit_note');
    for (const mention of ['Avoir', 'Yacht Services Monaco SAS', 'SIRET', '303 265 045 00011', 'FR 40 303265045', 'Prestations de services', 'Supply of services', 'Nature of the transaction']) {
      expect(note, mention).toContain(mention);
    }
    expect(note).not.toContain('Bon de commande');
  });

  it('a private customer’s documents have none of it', async () => {
    const id = await paid(null);
    const receipt = await documentOf(id, 'receipt');
    expect(receipt).toContain('Camille Martin');
    for (const absent of ['Prestations de services', 'Raison sociale\nYacht', 'Bon de commande', 'À l’attention de']) expect(receipt).not.toContain(absent);
  });
});
