import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingStatusHistory, payments, scheduledJobs } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { PAYPAL_STUB_SIGNATURE, startPaypalStub } from '../support/paypal-stub.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailsOf, NEXT_YEAR, pendingBooking, refundsOf } from './booking-helpers.ts';

/**
 * The deposit by PayPal (decision 0094): the real SDK against a PayPal stub on loopback. An order
 * (EUR, capture) is created for the deposit, captured on the customer's return, and the booking
 * is paid exactly once whether the return, the webhook or both report it; a forged webhook and
 * an order the customer did not approve change nothing; a free cancellation refunds the capture.
 */

const WEBHOOK_ID = 'WH-STUB-0094';
const COMPANY = 'company@riviera-vtc.test';

let ctx: TestContext;
let stub: Awaited<ReturnType<typeof startPaypalStub>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let carId: number;
let day = 0;
const ownDay = () => ({ date: `${NEXT_YEAR}-08-${String(++day).padStart(2, '0')}T10:00` });

beforeAll(async () => {
  stub = await startPaypalStub({ webhookId: WEBHOOK_ID });
  sink = await startSmtpSink();
  ctx = await createTestApp({
    SMTP_URL: sink.url,
    COMPANY_EMAIL: COMPANY,
    PAYPAL_CLIENT_ID: 'paypal-client-id',
    PAYPAL_CLIENT_SECRET: 'paypal-client-secret',
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    PAYPAL_API_URL: stub.url,
  });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app, { fullName: 'Emma Wilson' });
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
  await stub.close();
});

/** An accepted booking and the token of its deposit link. */
async function acceptedBooking(): Promise<{ id: number; token: string }> {
  const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
  expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);
  const [mail] = await mailsOf(ctx.database.db, 'booking_accepted', id);
  return { id, token: decodeURIComponent(/\/checkout\?id=\d+&token=([\w%-]+)/.exec(mail!.textBody)![1]!) };
}

const startPaypal = (id: number, token: string, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/${id}`, headers: { 'accept-language': language }, payload: { id, token } });
const capture = (id: number, order: string, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/capture/${id}`, headers: { 'accept-language': language }, payload: { id, order } });

/** The order id of an approval link (PayPal's `token`). */
const orderOf = (url: string) => new URL(url).searchParams.get('token')!;

async function createdOrder(id: number, token: string): Promise<string> {
  const response = await startPaypal(id, token);
  expectStatus(response, 200);
  return orderOf((response.json() as { url: string }).url);
}

const bookingRow = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const paymentsOf = (id: number) => ctx.database.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.id));
const paidHistory = async (id: number) =>
  (await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id))).filter((h) => h.toStatus === 'paid');

/** A PAYMENT.CAPTURE.COMPLETED event as PayPal sends it, for an order and its capture. */
const captureEvent = (eventId: string, bookingId: number, orderId: string, captureId = `CAPT${orderId}`) => ({
  id: eventId,
  event_version: '1.0',
  create_time: '2026-11-24T01:00:00.000Z',
  resource_type: 'capture',
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  summary: 'Payment completed for EUR 19.0 EUR',
  resource: {
    id: captureId,
    status: 'COMPLETED',
    amount: { currency_code: 'EUR', value: '19.00' },
    custom_id: String(bookingId),
    final_capture: true,
    supplementary_data: { related_ids: { order_id: orderId } },
  },
});
const webhook = (event: object, signature = PAYPAL_STUB_SIGNATURE) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/booking/payment/paypal/webhook',
    headers: {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-transmission-id': `tx-${Math.random().toString(36).slice(2)}`,
      'paypal-transmission-sig': signature,
      'paypal-transmission-time': new Date().toISOString(),
    },
    payload: JSON.stringify(event),
  });

describe('paying the deposit with PayPal', () => {
  it('the deposit page offers PayPal; the route answers the approval link of an EUR capture order made through the SDK', async () => {
    const { id, token } = await acceptedBooking();
    const checkout = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id, token } });
    expect(checkout.json()).toMatchObject({ data: { paypalEnabled: true, stripeEnabled: false } });

    const response = await startPaypal(id, token);
    expectStatus(response, 200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(new RegExp(`^${stub.url}/checkoutnow\\?token=\\w+$`));

    const tokenCall = stub.requests.find((r) => r.path === '/v1/oauth2/token')!;
    expect(tokenCall.headers.authorization).toBe(`Basic ${Buffer.from('paypal-client-id:paypal-client-secret').toString('base64')}`);
    const created = stub.requests.filter((r) => r.method === 'POST' && r.path === '/v2/checkout/orders').at(-1)!;
    expect(created.headers.authorization).toBe('Bearer A21-stub-access-token');
    const body = JSON.parse(created.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: String(id), amount: { currency_code: 'EUR', value: '19.00' } }],
      payment_source: {
        paypal: {
          experience_context: {
            locale: 'fr-FR',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: `http://localhost:3000/pay-success?id=${id}&method=paypal&link=${encodeURIComponent(token)}`,
            cancel_url: `http://localhost:3000/checkout?id=${id}&token=${encodeURIComponent(token)}&paypal=cancelled`,
          },
        },
      },
    });
    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ method: 'paypal', status: 'pending', amountCents: 1900, providerSessionId: orderOf(url) })]);
    expect((await bookingRow(id)).status).toBe('accepted');
  });

  it('back from PayPal with an approved order: captured once, paid once, one mail each side, receipt issued', async () => {
    const { id, token } = await acceptedBooking();
    const order = await createdOrder(id, token);
    stub.approve(order);

    const first = await capture(id, order);
    expectStatus(first, 200);
    expect(first.json()).toEqual({ paid: true });
    // A reload of the return page, then PayPal's webhook for the same capture: nothing more.
    expectStatus(await capture(id, order), 200);
    const late = await webhook(captureEvent(`WH-late-${id}`, id, order));
    expectStatus(late, 200);
    expect(late.json()).toEqual({ received: true, duplicate: false });

    const captureCalls = stub.requests.filter((r) => r.path === `/v2/checkout/orders/${order}/capture`);
    expect(captureCalls).toHaveLength(1);
    expect(captureCalls[0]!.headers['paypal-request-id']).toBe(`capture-${order}`);
    expect(await bookingRow(id)).toMatchObject({ status: 'paid', paymentMethod: 'paypal' });
    expect(await paymentsOf(id)).toEqual([
      expect.objectContaining({ method: 'paypal', status: 'succeeded', amountCents: 1900, providerSessionId: order, providerCaptureId: `CAPT${order}` }),
    ]);
    expect(await paidHistory(id)).toEqual([expect.objectContaining({ fromStatus: 'accepted', actorKind: 'system', reason: `paypal capture CAPT${order}` })]);
    expect(await mailsOf(ctx.database.db, 'deposit_paid', id)).toHaveLength(1);
    const companyNotices = await mailsOf(ctx.database.db, 'deposit_paid_company', id);
    expect(companyNotices).toHaveLength(1);
    // The company is told how it was paid (it was told "par carte" before).
    expect(companyNotices[0]!.textBody).toMatch(/a réglé l’acompte de 19,00\s€ avec PayPal\./);
    // The customer's receipt mail names the method too.
    const [customerNotice] = await mailsOf(ctx.database.db, 'deposit_paid', id);
    expect(customerNotice!.textBody).toContain('PayPal');
    // The deposit link is used up.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id, token } });
    expect(again.statusCode).toBe(404);
    // The mails really leave, once.
    await ctx.app.outbox.runOnce();
    const [companyMail] = await mailsOf(ctx.database.db, 'deposit_paid_company', id);
    expect(companyMail).toMatchObject({ status: 'sent', toAddress: COMPANY });
  });

  it('back from PayPal without approving: a clear translated 409, nothing changed', async () => {
    const { id, token } = await acceptedBooking();
    const order = await createdOrder(id, token);
    const response = await capture(id, order, 'fr');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'paypal_not_completed', message: 'Le paiement PayPal n’a pas été effectué : rien n’a été débité' });
    expect((await bookingRow(id)).status).toBe('accepted');
    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ status: 'pending', paidAt: null })]);
    expect(await mailsOf(ctx.database.db, 'deposit_paid', id)).toEqual([]);
    // The deposit link still works: the customer can try again.
    expectStatus(await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id, token } }), 200);
  });

  it('a replayed webhook pays once; a webhook before the return capture leaves the return nothing to do', async () => {
    const { id, token } = await acceptedBooking();
    const order = await createdOrder(id, token);
    stub.approve(order);
    const event = captureEvent(`WH-${id}`, id, order);
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: false });
    expect((await webhook(event)).json()).toEqual({ received: true, duplicate: true });
    const back = await capture(id, order);
    expect(back.json()).toMatchObject({ paid: true });
    expect(stub.requests.filter((r) => r.path === `/v2/checkout/orders/${order}/capture`)).toHaveLength(0);
    expect(await bookingRow(id)).toMatchObject({ status: 'paid', paymentMethod: 'paypal' });
    expect(await paidHistory(id)).toHaveLength(1);
    expect(await mailsOf(ctx.database.db, 'deposit_paid', id)).toHaveLength(1);
    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ status: 'succeeded', providerCaptureId: `CAPT${order}` })]);
  });

  it('a forged or unsigned webhook is refused with 400 and changes nothing', async () => {
    const { id, token } = await acceptedBooking();
    const order = await createdOrder(id, token);
    const forged = await webhook(captureEvent(`WH-forged-${id}`, id, order), 'forged-signature');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'signature_invalid' });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/booking/payment/paypal/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(captureEvent(`WH-unsigned-${id}`, id, order)),
    });
    expect(unsigned.statusCode).toBe(400);
    const garbage = await ctx.app.inject({ method: 'POST', url: '/api/booking/payment/paypal/webhook', headers: { 'content-type': 'text/plain' }, payload: 'not json' });
    expect(garbage.statusCode).toBe(400);
    expect((await bookingRow(id)).status).toBe('accepted');
    expect(await paymentsOf(id)).toEqual([expect.objectContaining({ status: 'pending' })]);
    // The forged event id was not recorded: the genuine event with that id still counts.
    expect((await webhook(captureEvent(`WH-forged-${id}`, id, order))).json()).toEqual({ received: true, duplicate: false });
    expect((await bookingRow(id)).status).toBe('paid');
  });

  it('bad input: a wrong token, an unknown booking, another booking’s order, a mismatched id: clear errors, nothing created', async () => {
    const { id, token } = await acceptedBooking();
    const other = await acceptedBooking();
    const otherOrder = await createdOrder(other.id, other.token);
    const before = (await paymentsOf(id)).length;

    const wrong = await startPaypal(id, 'not-the-token', 'fr');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'token_invalid', message: 'Ce lien est invalide ou a déjà été utilisé' });
    const unknown = await startPaypal(999_999, token);
    expect(unknown.statusCode).toBe(404);
    const mismatch = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/${id}`, payload: { id: other.id, token } });
    expect(mismatch.statusCode).toBe(400);
    const stolen = await capture(id, otherOrder);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'token_invalid' });
    const made = await capture(id, 'NO-SUCH-ORDER');
    expect(made.statusCode).toBe(404);
    expect((await paymentsOf(id)).length).toBe(before);
    expect((await bookingRow(other.id)).status).toBe('accepted');
  });

  it('a free cancellation refunds the PayPal capture once, with PayPal-Request-Id', async () => {
    const { id, token } = await acceptedBooking();
    const order = await createdOrder(id, token);
    stub.approve(order);
    expectStatus(await capture(id, order), 200);

    const cancelled = await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: { ...bearer(customer.token), 'accept-language': 'en' } });
    expectStatus(cancelled, 200);
    expect(cancelled.json()).toMatchObject({ data: { status: 'cancelled' } });
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const refunds = stub.requests.filter((r) => r.path === `/v2/payments/captures/CAPT${order}/refund`);
    expect(refunds).toHaveLength(1);
    const [line] = await refundsOf(ctx.database.db, id);
    expect(refunds[0]!.headers['paypal-request-id']).toBe(`refund-${line!.id}`);
    expect(line).toMatchObject({ cause: 'cancellation', refundId: expect.stringMatching(/^REFUND\d+STUB$/) });
    expect(line!.refundedAt).toBeInstanceOf(Date);
    const [job] = await ctx.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, `refund-${line!.id}`));
    expect(job?.status).toBe('done');
    const [mail] = await mailsOf(ctx.database.db, 'booking_cancelled', id);
    expect(mail!.textBody).toContain('(carte ou PayPal) vous est remboursé');
  });
});

describe('without PayPal keys', () => {
  let bare: TestContext;
  beforeAll(async () => {
    bare = await createTestApp({});
    await seedDemoData(bare.database.db);
  });
  afterAll(() => bare.close());

  it('the deposit page says PayPal is off; the routes answer a translated 503 and change nothing', async () => {
    const user = await registerUser(bare.app, { fullName: 'Léa Martin' });
    const boss = await loginAdmin(bare.app, bare.database);
    const id = await pendingBooking(bare.app, user.token, (await demoCars(bare.database.db)).vclass, { date: `${NEXT_YEAR}-09-01T10:00` });
    expectStatus(await bare.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(boss.token), payload: {} }), 200);
    const [mail] = await mailsOf(bare.database.db, 'booking_accepted', id);
    const token = decodeURIComponent(/\/checkout\?id=\d+&token=([\w%-]+)/.exec(mail!.textBody)![1]!);

    const checkout = await bare.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id, token } });
    expect(checkout.json()).toMatchObject({ data: { paypalEnabled: false } });
    for (const language of ['fr', 'en', 'ar'] as const) {
      const response = await bare.app.inject({ method: 'POST', url: `/api/booking/payment/paypal/${id}`, headers: { 'accept-language': language }, payload: { id, token } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ code: 'paypal_not_configured' });
      expect((response.json() as { message: string }).message).toMatch({ fr: /PayPal n’est pas disponible/, en: /PayPal payment is not available/, ar: /PayPal غير متاح/ }[language]);
    }
    const hook = await bare.app.inject({ method: 'POST', url: '/api/booking/payment/paypal/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(hook.statusCode).toBe(503);
    expect(await bare.database.db.select().from(payments).where(eq(payments.bookingId, id))).toEqual([]);
  });
});
