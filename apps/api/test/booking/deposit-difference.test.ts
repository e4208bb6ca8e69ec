import { and, asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingStatusHistory, invoices, payments } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { PAYPAL_STUB_SIGNATURE, startPaypalStub } from '../support/paypal-stub.ts';
import { pdfText } from '../support/pdf-text.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailsOf, NEXT_YEAR, payDepositByCard, pendingBooking, pickupPassed } from './booking-helpers.ts';

/**
 * A higher price on a paid booking is paid online (issue 21 item 2, decision 0152): the change
 * mails a deposit link asking the difference (the drawer gets it to copy), the same page takes
 * it by card (Stripe Checkout) or PayPal, the webhook records it once with its own receipt, and
 * the trip invoice deducts every receipt and lists each payment in its "Règlement" block. Real
 * SDKs against the loopback Stripe and PayPal stubs.
 */

const WEBHOOK_SECRET = 'whsec_test_secret_for_differences';
const PAYPAL_WEBHOOK_ID = 'WH-STUB-0152';
const signer = new Stripe('sk_test_only_for_signing');
const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

let ctx: TestContext;
let stripe: Awaited<ReturnType<typeof startStripeStub>>;
let paypal: Awaited<ReturnType<typeof startPaypalStub>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let carId: number;
let day = 0;
const ownDay = () => `${NEXT_YEAR}-09-${String(++day).padStart(2, '0')}T10:00`;

beforeAll(async () => {
  stripe = await startStripeStub();
  paypal = await startPaypalStub({ webhookId: PAYPAL_WEBHOOK_ID });
  ctx = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_differences',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PAYPAL_CLIENT_ID: 'paypal-client-id',
    PAYPAL_CLIENT_SECRET: 'paypal-client-secret',
    PAYPAL_WEBHOOK_ID,
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

const db = () => ctx.database.db;
const row = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentsOf = (id: number) => db().select().from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.id));
const receiptsOf = (id: number) =>
  db()
    .select()
    .from(invoices)
    .where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'receipt')))
    .orderBy(asc(invoices.id));
const tokenOf = (url: string) => decodeURIComponent(/\/checkout\?id=\d+&token=([\w%-]+)/.exec(url)![1]!);
const checkout = (id: number, token: string) => ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id, token } });

/** A booking paid by card, then a higher price from the drawer: the difference and its link. */
async function paidThenHigher(priceCents = 50_000) {
  const id = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
  const deposit = (await row(id)).depositCents!;
  await payDepositByCard(ctx.app, admin.token, id, { secret: WEBHOOK_SECRET, sign: (payload) => sign(payload), amountCents: deposit });
  expect((await row(id)).status).toBe('paid');
  const response = await ctx.app.inject({
    method: 'PUT',
    url: `/api/booking/update/${id}`,
    headers: bearer(admin.token),
    payload: { priceCents, priceReason: 'Attente et détour', reason: 'Détour demandé' },
  });
  expectStatus(response, 200);
  const answer = response.json().data as { checkout_url: string | null; change: { amount_due_cents: number } };
  const due = priceCents / 5 - deposit;
  expect(answer.change.amount_due_cents).toBe(due);
  expect(answer.checkout_url).toMatch(new RegExp(`/checkout\\?id=${id}&token=`));
  return { id, deposit, due, token: tokenOf(answer.checkout_url!) };
}

/** Stripe's checkout.session.completed for a session, signed as Stripe signs it. */
function stripePaid(eventId: string, id: number, sessionId: string, amountCents: number) {
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        amount_total: amountCents,
        currency: 'eur',
        client_reference_id: String(id),
        metadata: { bookingId: String(id) },
      },
    },
  });
  return ctx.app.inject({ method: 'POST', url: '/api/booking/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) }, payload });
}

async function openStripe(id: number, token: string): Promise<string> {
  const session = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/stripe/${id}`, payload: { id, token } });
  expectStatus(session, 200);
  return (session.json() as { url: string }).url.split('/').at(-1)!;
}

describe('a higher price on a paid booking, paid online', () => {
  it('mails the link; the page asks the difference; Stripe takes it once; the invoice deducts both receipts and lists both payments', async () => {
    const { id, deposit, due, token } = await paidThenHigher();
    const [mail] = await mailsOf(db(), 'booking_changed', id);
    expect(mail!.textBody).toContain('à régler par le lien ci-dessous');
    expect(tokenOf(mail!.textBody)).toBe(token);

    const page = await checkout(id, token);
    expectStatus(page, 200);
    expect(page.json().data).toMatchObject({ deposit_cents: due, total_cents: 50_000, balance_cents: 40_000 });

    const sessionId = await openStripe(id, token);
    const created = stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe(String(due));

    expectStatus(await stripePaid(`evt_difference_${id}`, id, sessionId, due), 200);
    expect((await row(id)).status).toBe('paid');
    const paid = await paymentsOf(id);
    expect(paid.map((payment) => [payment.method, payment.status, payment.amountCents])).toEqual([
      ['stripe', 'succeeded', deposit],
      ['stripe', 'succeeded', due],
    ]);
    const receipts = await receiptsOf(id);
    expect(receipts.map((receipt) => [receipt.paymentId, receipt.totalInclTaxCents])).toEqual([
      [paid[0]!.id, deposit],
      [paid[1]!.id, due],
    ]);
    const history = await db().select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id)).orderBy(asc(bookingStatusHistory.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'paid', toStatus: 'paid', reason: expect.stringMatching(/^deposit_difference_paid/) });
    // The link is used: the page sends the visitor home.
    expect((await checkout(id, token)).statusCode).toBe(404);

    await pickupPassed(db(), id);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/complete/${id}`, headers: bearer(admin.token), payload: {} }), 200);
    const [invoice] = await db().select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'invoice')));
    expect(invoice).toMatchObject({ totalInclTaxCents: 50_000, depositCents: 10_000 });
    const pdf = await ctx.app.inject({ method: 'GET', url: `/api/booking/invoice/${id}`, headers: bearer(admin.token) });
    expectStatus(pdf, 200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\u202f|\u00a0/g, ' ');
    const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    for (const receipt of receipts) expect(text).toContain(`Acompte déjà réglé (facture ${receipt.number})`);
    expect(text).toContain(`-${euros(deposit)}`);
    expect(text).toContain(`-${euros(due)}`);
    expect(text).toMatch(/Reste à payer\s+400,00/);
    expect(text).toContain('Règlement');
    expect(text).toContain(`Acompte de ${euros(deposit)} €`);
    expect(text).toContain(`Acompte de ${euros(due)} €`);
    expect(text.match(/par carte bancaire en ligne/g)).toHaveLength(2);
    expect(text).toContain('Reste à encaisser : 400,00 €');
  });

  it('two webhooks for the same difference at once (a retry under a new event id): one payment, one receipt', async () => {
    const { id, due, token } = await paidThenHigher(45_000);
    const sessionId = await openStripe(id, token);
    const answers = await Promise.all([stripePaid(`evt_a_${id}`, id, sessionId, due), stripePaid(`evt_b_${id}`, id, sessionId, due)]);
    for (const answer of answers) expectStatus(answer, 200);
    expect((await paymentsOf(id)).filter((payment) => payment.status === 'succeeded')).toHaveLength(2);
    expect(await receiptsOf(id)).toHaveLength(2);
    expect((await mailsOf(db(), 'deposit_paid', id)).length).toBe(2);
  });

  it('by PayPal: the order asks the difference; capture and webhook together pay it once', async () => {
    const { id, deposit, due, token } = await paidThenHigher(40_000);
    const started = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/${id}`, payload: { id, token } });
    expectStatus(started, 200);
    const order = new URL((started.json() as { url: string }).url).searchParams.get('token')!;
    const body = JSON.parse(paypal.requests.filter((request) => request.method === 'POST' && request.path === '/v2/checkout/orders').at(-1)!.body) as {
      purchase_units: { amount: { value: string } }[];
    };
    expect(body.purchase_units[0]!.amount.value).toBe((due / 100).toFixed(2));
    paypal.approve(order);
    const webhook = {
      id: `WH-difference-${id}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: 'Payment completed',
      resource: {
        id: `CAPT${order}`,
        status: 'COMPLETED',
        amount: { currency_code: 'EUR', value: (due / 100).toFixed(2) },
        custom_id: String(id),
        final_capture: true,
        supplementary_data: { related_ids: { order_id: order } },
      },
    };
    const [captured, hooked] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/capture/${id}`, payload: { id, order } }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/booking/payment/paypal/webhook',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
          'paypal-transmission-id': `tx-${id}`,
          'paypal-transmission-sig': PAYPAL_STUB_SIGNATURE,
          'paypal-transmission-time': new Date().toISOString(),
        },
        payload: JSON.stringify(webhook),
      }),
    ]);
    expectStatus(captured, 200);
    expectStatus(hooked, 200);
    const paid = (await paymentsOf(id)).filter((payment) => payment.status === 'succeeded');
    expect(paid.map((payment) => [payment.method, payment.amountCents])).toEqual([
      ['stripe', deposit],
      ['paypal', due],
    ]);
    expect((await receiptsOf(id)).map((receipt) => receipt.totalInclTaxCents)).toEqual([deposit, due]);
  });

  it('the difference paid while the company cancels: whichever comes first, every euro taken is refunded or flagged, never lost', async () => {
    const { id, deposit, due, token } = await paidThenHigher(60_000);
    const sessionId = await openStripe(id, token);
    // The customer has paid on Stripe's page: Stripe refuses to expire the session.
    stripe.completed.add(sessionId);
    const [paidAnswer, cancelAnswer] = await Promise.all([
      stripePaid(`evt_race_${id}`, id, sessionId, due),
      ctx.app.inject({ method: 'PUT', url: `/api/booking/cancel/${id}`, headers: bearer(admin.token), payload: { reason: 'Vol annulé', refund: 'full' } }),
    ]);
    expectStatus(paidAnswer, 200);
    expectStatus(cancelAnswer, 200);
    expect((await row(id)).status).toBe('cancelled');
    const paid = (await paymentsOf(id)).filter((payment) => payment.status === 'succeeded');
    expect(paid.map((payment) => payment.amountCents)).toEqual([deposit, due]);
    const refunded = cancelAnswer.json().data.refundCents as number;
    const flagged = await mailsOf(db(), 'payment_refund_needed_company', id);
    if (refunded === deposit + due) {
      // The payment came first: the cancellation gives both back, each with its receipt credited.
      expect(flagged).toHaveLength(0);
      expect(await receiptsOf(id)).toHaveLength(2);
    } else {
      // The cancellation came first: the late payment is on record, without a receipt, and the company is told to refund it.
      expect(refunded).toBe(deposit);
      expect(flagged).toHaveLength(1);
      expect(await receiptsOf(id)).toHaveLength(1);
    }
  });

  it('a link of a paid booking that owes nothing (the price lowered again) opens nothing', async () => {
    const { id, token } = await paidThenHigher(48_000);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: bearer(admin.token), payload: { priceCents: 40_000, priceReason: 'Geste', reason: 'Client fidèle' } }), 200);
    const page = await checkout(id, token);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'token_invalid' });
    expect((await paymentsOf(id)).filter((payment) => payment.status === 'succeeded')).toHaveLength(1);
  });
});
