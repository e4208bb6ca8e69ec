import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingStatusHistory, invoices, mailOutbox, scheduledJobs } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, NEXT_YEAR, payDepositByCard, pendingBooking, pickupPassed, refundsOf } from './booking-helpers.ts';

/**
 * More than one refund of a payment (issue 21 items 2 and 4, decision 0152): a lower price's, the
 * company's and a cancellation's are each a line of their own, together never more than the
 * payment, each asked of Stripe once under its own idempotency key, each shown in the drawer, on
 * the customer's page and in the dashboard's figures.
 */

const WEBHOOK_SECRET = 'whsec_test_secret_for_refund_lines';
const signer = new Stripe('sk_test_only_for_signing');

let ctx: TestContext;
let stripe: Awaited<ReturnType<typeof startStripeStub>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let carId: number;
let day = 0;
const ownDay = () => `${NEXT_YEAR}-10-${String(++day).padStart(2, '0')}T10:00`;

beforeAll(async () => {
  stripe = await startStripeStub();
  ctx = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_refund_lines', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app, { fullName: 'Emma Wilson' });
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
});

const db = () => ctx.database.db;
const refundCalls = () => stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
const give = (id: number, amountCents: number, language = 'fr') =>
  ctx.app.inject({ method: 'POST', url: `/api/booking/refund/${id}`, headers: { ...bearer(admin.token), 'accept-language': language }, payload: { amountCents, reason: 'Geste commercial' } });

/** A booking whose 20 % deposit of `priceCents` was paid by card. */
async function paidBooking(priceCents = 40_000): Promise<{ id: number; deposit: number }> {
  const id = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
  await db().update(bookings).set({ totalCents: priceCents, depositCents: priceCents / 5 }).where(eq(bookings.id, id));
  await payDepositByCard(ctx.app, admin.token, id, {
    secret: WEBHOOK_SECRET,
    sign: (payload, secret) => signer.webhooks.generateTestHeaderString({ payload, secret }),
    amountCents: priceCents / 5,
  });
  return { id, deposit: priceCents / 5 };
}

describe('refund lines', () => {
  it('a lower price, then the company, then a cancellation give back one payment three times: three lines, each asked of Stripe once, never more than paid', async () => {
    const { id, deposit } = await paidBooking();
    const before = refundCalls().length;
    // 40 000 → 30 000: the deposit of 8 000 keeps 6 000, gives back 2 000.
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: bearer(admin.token), payload: { priceCents: 30_000, priceReason: 'Trajet raccourci', reason: 'Arrêt supprimé' } }), 200);
    expectStatus(await give(id, 1_500), 201);
    const cancelled = await ctx.app.inject({ method: 'PUT', url: `/api/booking/cancel/${id}`, headers: bearer(admin.token), payload: { reason: 'Vol annulé', refund: 'full' } });
    expectStatus(cancelled, 200);
    expect(cancelled.json().data.refundCents).toBe(deposit - 2_000 - 1_500);
    // Nothing is left to give back.
    const none = await give(id, 1);
    expect(none.statusCode).toBe(400);

    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const lines = await refundsOf(db(), id);
    expect(lines.map((line) => [line.cause, line.amountCents])).toEqual([
      ['change', 2_000],
      ['company', 1_500],
      ['cancellation', deposit - 3_500],
    ]);
    expect(new Set(lines.map((line) => line.paymentId)).size).toBe(1);
    const calls = refundCalls().slice(before);
    expect(calls.map((call) => [call.form.get('amount'), call.headers['idempotency-key']])).toEqual(lines.map((line) => [String(line.amountCents), `refund-${line.id}`]));
    expect(lines.every((line) => line.refundId?.startsWith('re_stub_') && line.refundedAt instanceof Date)).toBe(true);

    // A line each, in the drawer, on the customer's page and in the dashboard.
    const expected = lines.map((line) => expect.objectContaining({ id: `refund-${line.id}`, cause: line.cause, amount_cents: line.amountCents, method: 'stripe', status: 'refunded' }));
    const drawer = await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) });
    expect(drawer.json().data.refunds).toEqual(expected);
    const own = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/details/${id}`, headers: bearer(customer.token) });
    expect(own.json().data.refunds).toEqual(expected);
    const dashboard = (await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(admin.token) })).json().data.refunds;
    for (const line of lines) expect(dashboard.recent).toContainEqual(expect.objectContaining({ bookingId: id, amountCents: line.amountCents, method: 'stripe', status: 'refunded' }));
    expect(dashboard.thisMonthCents).toBeGreaterThanOrEqual(deposit);
    const history = await db().select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id));
    expect(history.map((entry) => entry.reason)).toContainEqual(expect.stringMatching(/^refund_given — 15,00\s€ — Geste commercial$/));
  });

  it('a refund above what remains refundable: 400 translated on the amount, nothing changed', async () => {
    const { id, deposit } = await paidBooking();
    expectStatus(await give(id, 1_000), 201);
    const linesBefore = await refundsOf(db(), id);
    const jobsBefore = await db().select().from(scheduledJobs);
    const historyBefore = await db().select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id));
    for (const [language, message] of [
      ['fr', 'Le remboursement ne peut pas dépasser ce qui a été payé'],
      ['en', expect.any(String)],
      ['ar', expect.any(String)],
    ] as const) {
      const refused = await give(id, deposit - 999, language);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual([{ path: 'amountCents', message }]);
      expect(refused.json().errors[0].message).not.toContain('refund_above_paid');
    }
    const zero = await give(id, 0);
    expect(zero.statusCode).toBe(400);
    expect(await refundsOf(db(), id)).toEqual(linesBefore);
    expect(await db().select().from(scheduledJobs)).toHaveLength(jobsBefore.length);
    expect(await db().select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id))).toHaveLength(historyBefore.length);
    // Exactly what remains is fine.
    expectStatus(await give(id, deposit - 1_000), 201);
  });

  it('the customer is mailed the amount, the reason and the credit note; a trip already invoiced is credited on its invoice', async () => {
    const { id } = await paidBooking();
    const given = await give(id, 1_000);
    expectStatus(given, 201);
    const creditNote = given.json().data.creditNote as string;
    expect(creditNote).toMatch(/^AV-\d{4}-\d{6}$/);
    const [note] = await db().select().from(invoices).where(eq(invoices.number, creditNote));
    const [receipt] = await db().select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'receipt')));
    expect(note).toMatchObject({ kind: 'credit_note', totalInclTaxCents: -1_000, creditOf: receipt!.id });
    const mails = await db().select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, id), eq(mailOutbox.kind, 'company_refund')));
    expect(mails.map((mail) => [mail.toAddress, mail.subject])).toEqual([[customer.user.email, `Remboursement de 10,00\u00a0€ : réservation n°${id}`]]);
    expect(mails[0]!.textBody).toContain('Motif : Geste commercial');
    expect(mails[0]!.textBody).toContain(`L’avoir ${creditNote} correspondant est disponible sur la page de votre réservation.`);
    // The customer's page lists the credit note.
    const own = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/details/${id}`, headers: bearer(customer.token) });
    expect(own.json().data.documents).toContainEqual(expect.objectContaining({ kind: 'credit_note' }));

    // A second refund before the trip has a credit note of its own on the same receipt (decision 0162).
    const second = await give(id, 300);
    expectStatus(second, 201);
    expect(second.json().data.creditNote).not.toBe(creditNote);
    const [secondNote] = await db().select().from(invoices).where(eq(invoices.number, second.json().data.creditNote as string));
    expect(secondNote).toMatchObject({ kind: 'credit_note', totalInclTaxCents: -300, creditOf: receipt!.id });

    // Once the trip is driven, its invoice deducts what the receipt still stands for; a later refund credits the invoice.
    await pickupPassed(db(), id);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/complete/${id}`, headers: bearer(admin.token), payload: {} }), 200);
    const [invoice] = await db().select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'invoice')));
    expect(invoice).toMatchObject({ depositCents: receipt!.totalInclTaxCents - 1_300 });
    const later = await give(id, 500);
    expectStatus(later, 201);
    const [onInvoice] = await db().select().from(invoices).where(eq(invoices.number, later.json().data.creditNote as string));
    expect(onInvoice).toMatchObject({ kind: 'credit_note', totalInclTaxCents: -500, creditOf: invoice!.id });
    // And each further refund has its own, the customer told each time.
    const third = await give(id, 100);
    expectStatus(third, 201);
    const [thirdNote] = await db().select().from(invoices).where(eq(invoices.number, third.json().data.creditNote as string));
    expect(thirdNote).toMatchObject({ kind: 'credit_note', totalInclTaxCents: -100, creditOf: invoice!.id });
    const refundMails = await db().select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, id), eq(mailOutbox.kind, 'company_refund')));
    expect(refundMails).toHaveLength(4);
    expect(refundMails.at(-1)!.textBody).toContain(`L’avoir ${third.json().data.creditNote as string} correspondant`);
  });

  it('every refund of a payment is credited: a lower price, the company’s, then a cancellation’s, on the receipt up to its amount (decision 0162)', async () => {
    const { id, deposit } = await paidBooking();
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: bearer(admin.token), payload: { priceCents: 30_000, priceReason: 'Trajet raccourci', reason: 'Arrêt supprimé' } }), 200);
    expectStatus(await give(id, 1_500), 201);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/cancel/${id}`, headers: bearer(admin.token), payload: { reason: 'Vol annulé', refund: 'full' } }), 200);
    const [receipt] = await db().select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'receipt')));
    const notes = await db().select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'credit_note')));
    expect(notes.map((note) => [note.creditOf, note.totalInclTaxCents])).toEqual([
      [receipt!.id, -2_000],
      [receipt!.id, -1_500],
      [receipt!.id, -(deposit - 3_500)],
    ]);
    expect(notes.reduce((sum, note) => sum + note.totalInclTaxCents, 0)).toBe(-receipt!.totalInclTaxCents);
  });

  it('a booking refunded three times lists its three credit notes, and each downloads by its number (customer and company)', async () => {
    const { id } = await paidBooking();
    expectStatus(await give(id, 1_000), 201);
    expectStatus(await give(id, 300), 201);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/cancel/${id}`, headers: bearer(admin.token), payload: { reason: 'Vol annulé', refund: 'full' } }), 200);
    const issued = await db().select().from(invoices).where(eq(invoices.bookingId, id)).orderBy(invoices.id);
    const notes = issued.filter((row) => row.kind === 'credit_note').map((row) => row.number);
    expect(notes).toHaveLength(3);

    // Both pages list every document in the order issued.
    const own = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/details/${id}`, headers: bearer(customer.token) });
    const drawer = await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) });
    for (const answer of [own, drawer]) {
      expectStatus(answer, 200);
      const documents = answer.json().data.documents as { kind: string; number: string }[];
      expect(documents.filter((document) => document.kind !== 'voucher').map((document) => document.number)).toEqual(issued.map((row) => row.number));
    }

    // Each credit note by its number: that one, not the latest.
    for (const [url, headers] of [
      [`/api/user/booking/invoice/${id}`, bearer(customer.token)],
      [`/api/booking/invoice/${id}`, bearer(admin.token)],
    ] as const) {
      for (const number of notes) {
        const pdf = await ctx.app.inject({ method: 'GET', url: `${url}?kind=credit_note&number=${number}`, headers });
        expectStatus(pdf, 200);
        expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
        expect(await pdfText(pdf.rawPayload)).toContain(number);
      }
      const latest = await ctx.app.inject({ method: 'GET', url: `${url}?kind=credit_note`, headers });
      expect(latest.headers['content-disposition']).toBe(`attachment; filename="${notes.at(-1)}.pdf"`);
    }

    // A number that is not this booking's credit note: 404; one that is no document number: 400, translated.
    const other = await paidBooking();
    expectStatus(await give(other.id, 500), 201);
    const [otherNote] = await db().select().from(invoices).where(and(eq(invoices.bookingId, other.id), eq(invoices.kind, 'credit_note')));
    const receipt = issued.find((row) => row.kind === 'receipt')!.number;
    for (const query of [`kind=credit_note&number=${otherNote!.number}`, `kind=credit_note&number=${receipt}`]) {
      const missing = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/invoice/${id}?${query}`, headers: bearer(customer.token) });
      expect(missing.statusCode).toBe(404);
    }
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/booking/invoice/${id}?kind=credit_note&number=AV-1`,
      headers: { ...bearer(customer.token), 'accept-language': 'fr' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([{ path: 'number', message: expect.any(String) }]);
    expect(malformed.json().errors[0].message).not.toContain('invalid_value');
  });

  it('30 refunds at once: the right total once, each line asked of Stripe once', async () => {
    const { id, deposit } = await paidBooking();
    const answers = await Promise.all(Array.from({ length: 30 }, () => give(id, 500)));
    const accepted = answers.filter((answer) => answer.statusCode === 201).length;
    expect(accepted).toBe(Math.floor(deposit / 500));
    for (const answer of answers) expect([201, 400]).toContain(answer.statusCode);
    const lines = await refundsOf(db(), id);
    expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(accepted * 500);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const keys = lines.map((line) => `refund-${line.id}`);
    const calls = refundCalls().filter((call) => keys.includes(String(call.headers['idempotency-key'])));
    expect(calls.map((call) => call.headers['idempotency-key']).sort()).toEqual([...keys].sort());
    expect(calls.every((call) => call.form.get('amount') === '500')).toBe(true);
  });
});
