import { and, asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingStatusHistory, invoices, payments, scheduledJobs } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { startPaypalStub } from '../support/paypal-stub.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailsOf, NEXT_YEAR, parisLocalIn, pendingBooking, pickupPassed, refundsOf } from './booking-helpers.ts';

/**
 * The company cancels a booking with the refund it chooses (decision 0121): `policy`, `full`,
 * `none` or an amount, given back through the real Stripe and PayPal SDKs against loopback stubs,
 * exactly once however many cancellations race; a credit note of the amount (read back from its
 * PDF); the customer's mail with METHOD:CANCEL and the chauffeur's; a refund line in the drawer's
 * and the customer's details. Bad input answers a translated 4xx and changes nothing.
 */

const WEBHOOK_SECRET = 'whsec_test_secret_for_company_cancel';
const signer = new Stripe('sk_test_only_for_signing');

let ctx: TestContext;
let stripe: Awaited<ReturnType<typeof startStripeStub>>;
let paypal: Awaited<ReturnType<typeof startPaypalStub>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let carId: number;
let day = 0;
/** Each booking its own day (so that holds never clash), all more than 48 hours ahead. */
const ownDay = () => ({ date: `${NEXT_YEAR}-0${3 + Math.floor(day / 28)}-${String((day++ % 28) + 1).padStart(2, '0')}T10:00` });

beforeAll(async () => {
  stripe = await startStripeStub();
  paypal = await startPaypalStub({ webhookId: 'WH-STUB-0121' });
  ctx = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_company_cancel',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PAYPAL_CLIENT_ID: 'paypal-client-id',
    PAYPAL_CLIENT_SECRET: 'paypal-client-secret',
    PAYPAL_WEBHOOK_ID: 'WH-STUB-0121',
    PAYPAL_API_URL: paypal.url,
  });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app, { fullName: 'Emma Wilson' });
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
  await paypal.close();
});

type Provider = 'stripe' | 'paypal';

const companyCancel = (id: number, payload: unknown, language = 'fr') =>
  ctx.app.inject({ method: 'PUT', url: `/api/booking/cancel/${id}`, headers: { ...bearer(admin.token), 'accept-language': language }, payload: payload as object });

/** An accepted booking and the token of its deposit link. */
async function acceptedBooking(overrides: Record<string, unknown> = ownDay()): Promise<{ id: number; token: string }> {
  const id = await pendingBooking(ctx.app, customer.token, carId, overrides);
  expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);
  const [accepted] = await mailsOf(ctx.database.db, 'booking_accepted', id);
  return { id, token: decodeURIComponent(/\/checkout\?id=\d+&token=([\w%-]+)/.exec(accepted!.textBody)![1]!) };
}

/** A booking whose deposit the customer paid: by card (a signed Checkout webhook) or with PayPal (an approved, captured order). */
async function paidBooking(provider: Provider, overrides?: Record<string, unknown>): Promise<{ id: number; paidCents: number; reference: string }> {
  const { id, token } = await acceptedBooking(overrides);
  const started = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/${provider}/${id}`, payload: { id, token } });
  expectStatus(started, 200);
  const url = (started.json() as { url: string }).url;
  let reference: string;
  if (provider === 'stripe') {
    reference = url.split('/').at(-1)!;
    const payload = JSON.stringify({
      id: `evt_paid_${id}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: { id: reference, object: 'checkout.session', payment_status: 'paid', status: 'complete', amount_total: 4560, currency: 'eur', client_reference_id: String(id), metadata: { bookingId: String(id) } },
      },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expectStatus(await ctx.app.inject({ method: 'POST', url: '/api/booking/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload }), 200);
  } else {
    reference = new URL(url).searchParams.get('token')!;
    paypal.approve(reference);
    expectStatus(await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/capture/${id}`, payload: { id, order: reference } }), 200);
  }
  const [booking] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  expect(booking!.status).toBe('paid');
  const [payment] = await paymentsOf(id);
  return { id, paidCents: payment!.amountCents, reference };
}

const paymentsOf = (id: number) => ctx.database.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.id));
const creditNotesOf = (id: number) =>
  ctx.database.db.select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'credit_note')));
const statusOf = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;

/** The provider calls that gave back this booking's payment. */
function refundCalls(provider: Provider, reference: string) {
  if (provider === 'stripe') {
    return stripe.requests
      .filter((request) => request.method === 'POST' && request.path === '/v1/refunds' && request.form.get('payment_intent') === `pi_for_${reference}`)
      .map((request) => ({ cents: Number(request.form.get('amount')), key: String(request.headers['idempotency-key']) }));
  }
  return paypal.requests
    .filter((request) => request.method === 'POST' && request.path === `/v2/payments/captures/CAPT${reference}/refund`)
    .map((request) => {
      const body = JSON.parse(request.body) as { amount: { currency_code: string; value: string } };
      expect(body.amount.currency_code).toBe('EUR');
      return { cents: Math.round(Number(body.amount.value) * 100), key: String(request.headers['paypal-request-id']) };
    });
}

/** Euros as the French documents and screens write them, without the currency sign: "21,00". */
const frAmount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

describe.each<Provider>(['stripe', 'paypal'])('the company cancels a booking paid with %s', (provider) => {
  it.each([
    { choice: 'policy' as const, expected: (paid: number) => paid },
    { choice: 'full' as const, expected: (paid: number) => paid },
    { choice: 'none' as const, expected: () => 0 },
    { choice: 'amount' as const, expected: (paid: number) => paid - 700 },
  ])('refund $choice: given back once through the provider, a credit note of the amount, the customer told', async ({ choice, expected }) => {
    const { id, paidCents, reference } = await paidBooking(provider);
    const refundCents = expected(paidCents);
    if (choice === 'amount') expect(refundCents).toBeGreaterThan(0);

    const response = await companyCancel(id, { reason: 'Véhicule immobilisé par une panne', refund: choice === 'amount' ? refundCents : choice });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      message: refundCents > 0 ? 'Réservation annulée : le remboursement est en cours' : 'Réservation annulée',
      data: { id, status: 'cancelled', refundCents },
    });
    const history = await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id)).orderBy(asc(bookingStatusHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'paid', toStatus: 'cancelled', actorKind: 'admin', reason: 'Véhicule immobilisé par une panne' });

    // The refund job runs twice (a lapsed lease, a retry): the provider is asked once, for the amount.
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const calls = refundCalls(provider, reference);
    const [payment] = await paymentsOf(id);
    if (refundCents === 0) {
      expect(calls).toEqual([]);
      expect(await refundsOf(ctx.database.db, id)).toEqual([]);
      expect(await creditNotesOf(id)).toEqual([]);
    } else {
      const [line] = await refundsOf(ctx.database.db, id);
      expect(calls).toEqual([{ cents: refundCents, key: `refund-${line!.id}` }]);
      expect(line).toMatchObject({ paymentId: payment!.id, amountCents: refundCents, refundId: expect.any(String) });
      expect(line!.refundedAt).toBeInstanceOf(Date);
      const [job] = await ctx.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, `refund-${line!.id}`));
      expect(job?.status).toBe('done');
      const notes = await creditNotesOf(id);
      expect(notes).toHaveLength(1);
      expect(notes[0]!.totalInclTaxCents).toBe(-refundCents);
      const pdf = await ctx.app.inject({ method: 'GET', url: `/api/booking/invoice/${id}?kind=credit_note`, headers: bearer(admin.token) });
      expectStatus(pdf, 200);
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain(`Avoir ${notes[0]!.number}`);
      expect(text).toContain(`-${frAmount(refundCents)}`);
      expect(response.json().data.creditNote).toBe(notes[0]!.number);
    }

    // One refund line, in the drawer's details and on the customer's page.
    const line = { payment_id: payment!.id, method: provider, amount_cents: refundCents, status: 'refunded' };
    const drawer = (await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) })).json().data;
    const own = (await ctx.app.inject({ method: 'GET', url: `/api/user/booking/details/${id}`, headers: bearer(customer.token) })).json().data;
    for (const details of [drawer, own]) expect(details.refunds).toEqual(refundCents > 0 ? [expect.objectContaining(line)] : []);

    const [mail] = await mailsOf(ctx.database.db, 'booking_cancelled', id);
    expect(mail!.textBody).toContain('La société a dû annuler cette réservation. Motif : Véhicule immobilisé par une panne');
    if (refundCents > 0) expect(mail!.textBody).toMatch(new RegExp(`Nous vous remboursons ${frAmount(refundCents)}\\s€`));
    else expect(mail!.textBody).not.toContain('rembours');
    const ics = mail!.attachments[0]!;
    expect(ics.content).toContain('METHOD:CANCEL');
    expect(ics.content).toContain('STATUS:CANCELLED');
    expect(ics.content).toContain('SEQUENCE:1');
    // The company did it: no "the customer cancelled" mail to itself.
    expect(await mailsOf(ctx.database.db, 'booking_cancelled_company', id)).toEqual([]);
  });
});

describe('what the company cancels', () => {
  it('policy 48 hours or less before pickup keeps the deposit: nothing refunded, no credit note', async () => {
    const { id, reference } = await paidBooking('stripe', { date: parisLocalIn(24 * 60) });
    const response = await companyCancel(id, { reason: 'Client injoignable', refund: 'policy' });
    expectStatus(response, 200);
    expect(response.json().data.refundCents).toBe(0);
    await ctx.app.jobs.runDue();
    expect(refundCalls('stripe', reference)).toEqual([]);
    expect(await creditNotesOf(id)).toEqual([]);
  });

  it('an accepted booking not paid yet: cancelled, nothing to refund, its deposit link no longer works', async () => {
    const { id, token } = await acceptedBooking();
    expectStatus(await companyCancel(id, { reason: 'Plus de chauffeur disponible', refund: 'full' }), 200);
    expect(await statusOf(id)).toBe('cancelled');
    const checkout = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id, token } });
    expect(checkout.statusCode).toBe(404);
    expect((await mailsOf(ctx.database.db, 'booking_cancelled', id))[0]!.attachments[0]!.content).toContain('METHOD:CANCEL');
  });

  it('the assigned chauffeur is told, in their language, with the reason', async () => {
    const { id } = await paidBooking('stripe');
    const driver = await ctx.app.inject({
      method: 'POST',
      url: '/api/driver/add',
      headers: bearer(admin.token),
      payload: { fullName: 'Luc Martin', phone: '+33 6 98 76 54 32', email: 'luc.martin@riviera-vtc.test', languages: ['en', 'it'] },
    });
    expectStatus(driver, 201);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/assign/${id}`, headers: bearer(admin.token), payload: { driverId: driver.json().data.id, carId } }), 200);

    expectStatus(await companyCancel(id, { reason: 'Vol annulé', refund: 'full' }), 200);
    const [mail] = await mailsOf(ctx.database.db, 'booking_cancelled_chauffeur', id);
    expect(mail).toMatchObject({ toAddress: 'luc.martin@riviera-vtc.test' });
    expect(mail!.subject).toContain(`Trip cancelled: no. ${id}`);
    expect(mail!.textBody).toContain('The company has cancelled this trip: you do not need to drive it.');
    expect(mail!.textBody).toContain('Reason: Vol annulé');
    // The customer's mail is in the booking's language, the chauffeur's in theirs.
    expect((await mailsOf(ctx.database.db, 'booking_cancelled', id))[0]!.textBody).toContain('Motif : Vol annulé');
  });
});

describe('bad input changes nothing', () => {
  it('a refund above what was paid, an empty reason, a bad refund: a translated 400; the booking stays paid, nothing refunded', async () => {
    const { id, paidCents, reference } = await paidBooking('stripe');

    const above = await companyCancel(id, { reason: 'Panne', refund: paidCents + 1 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'refund', message: 'Le remboursement ne peut pas dépasser ce qui a été payé' }] });
    const english = await companyCancel(id, { reason: 'Panne', refund: paidCents + 1 }, 'en');
    expect(english.json().errors).toEqual([{ path: 'refund', message: 'The refund cannot exceed what was paid' }]);

    const empty = await companyCancel(id, { reason: '   ', refund: 'full' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([expect.objectContaining({ path: 'reason', message: 'Ce champ est obligatoire' })]);
    for (const refund of ['all', -5, 12.5, null]) expect((await companyCancel(id, { reason: 'Panne', refund })).statusCode).toBe(400);
    expect((await companyCancel(id, { refund: 'full' })).statusCode).toBe(400);

    expect(await statusOf(id)).toBe('paid');
    await ctx.app.jobs.runDue();
    expect(refundCalls('stripe', reference)).toEqual([]);
    expect(await creditNotesOf(id)).toEqual([]);
    expect(await mailsOf(ctx.database.db, 'booking_cancelled', id)).toEqual([]);
    expect(await refundsOf(ctx.database.db, id)).toEqual([]);
  });

  it('a completed or already cancelled booking: 409 invalid_transition, translated, no refund', async () => {
    const { id: completed, reference } = await paidBooking('paypal');
    await pickupPassed(ctx.app.db, completed);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/complete/${completed}`, headers: bearer(admin.token) }), 200);
    const refused = await companyCancel(completed, { reason: 'Erreur', refund: 'full' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'invalid_transition', message: 'Cette réservation ne peut pas passer à cet état' });
    expect(await statusOf(completed)).toBe('completed');

    const { id: twice } = await paidBooking('stripe');
    expectStatus(await companyCancel(twice, { reason: 'Panne', refund: 1000 }), 200);
    const again = await companyCancel(twice, { reason: 'Panne', refund: 'full' }, 'ar');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('لا يمكن نقل هذا الحجز إلى هذه الحالة');
    await ctx.app.jobs.runDue();
    expect(refundCalls('paypal', reference)).toEqual([]);
    expect((await refundsOf(ctx.database.db, twice)).map((line) => line.amountCents)).toEqual([1000]);
    expect(await creditNotesOf(twice)).toHaveLength(1);

    const unknown = await companyCancel(999_999, { reason: 'Panne', refund: 'none' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a customer cannot use the company’s route', async () => {
    const { id } = await acceptedBooking();
    const response = await ctx.app.inject({ method: 'PUT', url: `/api/booking/cancel/${id}`, headers: bearer(customer.token), payload: { reason: 'x', refund: 'full' } });
    expect(response.statusCode).toBe(403);
    expect(await statusOf(id)).toBe('accepted');
  });
});

describe('races', () => {
  it.each<Provider>(['stripe', 'paypal'])('30 concurrent company cancellations (%s): one succeeds, one refund, one credit note', async (provider) => {
    const { id, reference } = await paidBooking(provider);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => companyCancel(id, { reason: `Panne ${i}`, refund: i % 2 === 0 ? 'full' : 1500 })));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(29);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    expect(refundCalls(provider, reference)).toHaveLength(1);
    expect(await creditNotesOf(id)).toHaveLength(1);
    expect(await mailsOf(ctx.database.db, 'booking_cancelled', id)).toHaveLength(1);
  });

  it('the company’s cancellation racing the customer’s own: one wins, one refund, one credit note', async () => {
    const { id, reference } = await paidBooking('stripe');
    const answers = await Promise.all([
      companyCancel(id, { reason: 'Panne', refund: 1200 }),
      ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: bearer(customer.token) }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    expect(refundCalls('stripe', reference)).toHaveLength(1);
    expect(await creditNotesOf(id)).toHaveLength(1);
    expect((await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id))).filter((h) => h.toStatus === 'cancelled')).toHaveLength(1);
  });
});

describe('the dashboard', () => {
  it('counts each refund in this month’s figures and lists it among the latest refunds', async () => {
    const dashboard = async () => (await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(admin.token) })).json().data.refunds;
    const before = await dashboard();
    const { id, paidCents } = await paidBooking('paypal');
    expectStatus(await companyCancel(id, { reason: 'Panne', refund: paidCents - 500 }), 200);
    const asked = await dashboard();
    expect(asked.thisMonthCents - before.thisMonthCents).toBe(paidCents - 500);
    expect(asked.recent[0]).toMatchObject({ bookingId: id, method: 'paypal', amountCents: paidCents - 500, status: 'pending' });
    await ctx.app.jobs.runDue();
    expect((await dashboard()).recent[0]).toMatchObject({ bookingId: id, status: 'refunded' });
  });
});

describe('a refund the provider cannot make (decision 0138)', () => {
  const settle = (id: number, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: `/api/booking/refund/settle/${id}`, headers: { ...bearer(admin.token), 'accept-language': 'fr' }, payload: payload as object });
  const drawerRefunds = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) })).json().data.refunds;

  it('stays with the provider while its job may run, then is the company’s to make; settled by hand once, with its reference in the history', async () => {
    const { id, paidCents, reference } = await paidBooking('stripe');
    // Stripe knows the session but has no payment intent to refund.
    stripe.withoutIntent.add(reference);
    expectStatus(await companyCancel(id, { reason: 'Panne', refund: 'full' }), 200);
    const [line] = await refundsOf(ctx.database.db, id);
    const lineId = `refund-${line!.id}`;
    expect(await drawerRefunds(id)).toEqual([expect.objectContaining({ id: lineId, status: 'pending', settled_by_hand: false, amount_cents: paidCents })]);

    // Still in the provider's hands: not the company's to settle.
    const early = await settle(id, { refund: lineId, reference: 'VIR-0138' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'refund_in_progress', message: 'Ce remboursement est encore entre les mains du prestataire de paiement : attendez son issue' });

    await ctx.app.jobs.runDue();
    expect(refundCalls('stripe', reference)).toEqual([]);
    expect(await drawerRefunds(id)).toEqual([expect.objectContaining({ id: lineId, status: 'by_hand', refunded_at: null })]);

    // Bad input changes nothing.
    for (const [payload, status, code] of [
      [{ refund: 'refund-999999' }, 404, 'refund_not_found'],
      [{ refund: 'deposit-1' }, 400, 'validation_failed'],
      [{ refund: lineId, reference: 'x'.repeat(101) }, 400, 'validation_failed'],
    ] as const) {
      const refused = await settle(id, payload);
      expect(refused.statusCode, refused.body).toBe(status);
      expect(refused.json().code).toBe(code);
    }
    // Another booking's line is not this booking's.
    const other = await paidBooking('paypal');
    expect((await settle(other.id, { refund: lineId })).json().code).toBe('refund_not_found');
    expect(await drawerRefunds(id)).toEqual([expect.objectContaining({ status: 'by_hand' })]);

    // Two admins at once: settled once.
    const answers = await Promise.all([settle(id, { refund: lineId, reference: 'VIR-0138' }), settle(id, { refund: lineId, reference: 'VIR-0138' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const done = answers.find((answer) => answer.statusCode === 200)!;
    expect(done.json()).toMatchObject({ message: 'Remboursement noté comme fait à la main', data: { id, refund: lineId } });
    expect(answers.find((answer) => answer.statusCode === 409)!.json().code).toBe('refund_already_settled');

    const own = (await ctx.app.inject({ method: 'GET', url: `/api/user/booking/details/${id}`, headers: bearer(customer.token) })).json().data;
    for (const refunds of [await drawerRefunds(id), own.refunds]) {
      expect(refunds).toEqual([expect.objectContaining({ id: lineId, status: 'refunded', settled_by_hand: true, refunded_at: expect.any(String) })]);
    }
    const history = await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id)).orderBy(asc(bookingStatusHistory.id));
    const settled = history.filter((entry) => entry.reason?.startsWith('refund_settled_by_hand'));
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ fromStatus: 'cancelled', toStatus: 'cancelled', actorKind: 'admin' });
    expect(settled[0]!.reason).toMatch(new RegExp(`^refund_settled_by_hand — ${frAmount(paidCents)}\\s€ — VIR-0138$`));
    // The job, run again, asks the provider nothing more.
    await ctx.app.jobs.runDue();
    expect(refundCalls('stripe', reference)).toEqual([]);
  });

  it('is for admins only', async () => {
    const anonymous = await ctx.app.inject({ method: 'PUT', url: '/api/booking/refund/settle/1', payload: { refund: 'refund-1' } });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await ctx.app.inject({ method: 'PUT', url: '/api/booking/refund/settle/1', headers: bearer(customer.token), payload: { refund: 'refund-1' } });
    expect(asCustomer.statusCode).toBe(403);
  });
});
