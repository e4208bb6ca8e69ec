import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingStatusHistory, payments, scheduledJobs } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailsOf, NEXT_YEAR, parisLocalIn, payDepositByCard, pendingBooking, refundsOf } from './booking-helpers.ts';

/**
 * Cancelling from the customer's space (decision 0091): free more than 48 h before pickup, the
 * card deposit given back through Stripe's refund API exactly once; later, the deposit kept.
 * The calendar file of a cancelled trip removes it (METHOD:CANCEL, a raised SEQUENCE).
 */

const WEBHOOK_SECRET = 'whsec_test_secret_for_cancellations';
const signer = new Stripe('sk_test_only_for_signing');

let ctx: TestContext;
let stub: Awaited<ReturnType<typeof startStripeStub>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let carId: number;
let day = 0;
const ownDay = () => ({ date: `${NEXT_YEAR}-06-${String(++day).padStart(2, '0')}T10:00` });

beforeAll(async () => {
  stub = await startStripeStub();
  ctx = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_cancellations', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stub.url });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app, { fullName: 'Emma Wilson' });
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});

const cancel = (id: number, token = customer.token, language = 'en') =>
  ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: { ...bearer(token), 'accept-language': language } });

/** A booking accepted by the company and its deposit paid by card through a signed webhook. */
async function paidBooking(overrides: Record<string, unknown>): Promise<{ id: number; sessionId: string }> {
  const id = await pendingBooking(ctx.app, customer.token, carId, overrides);
  const { sessionId } = await payDepositByCard(ctx.app, admin.token, id, {
    secret: WEBHOOK_SECRET,
    sign: (payload, secret) => signer.webhooks.generateTestHeaderString({ payload, secret }),
  });
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  expect(row?.status).toBe('paid');
  return { id, sessionId };
}

const refundRequests = () => stub.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');

describe('cancelling a paid booking', () => {
  it('more than 48 h before pickup: free, the card deposit is refunded once, the customer told so with a calendar that removes the trip', async () => {
    const { id, sessionId } = await paidBooking(ownDay());
    const before = refundRequests().length;

    const response = await cancel(id);
    expectStatus(response, 200);
    const [history] = await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id)).orderBy(bookingStatusHistory.id).then((rows) => rows.slice(-1));
    expect(history).toMatchObject({ toStatus: 'cancelled', reason: 'free_cancellation_refunded' });

    // The refund is a durable job written with the cancellation; run twice, it refunds once.
    expect(await ctx.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    await ctx.app.jobs.runDue();
    const asked = refundRequests().slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.form.get('payment_intent')).toBe(`pi_for_${sessionId}`);
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(payment).toMatchObject({ status: 'succeeded' });
    const [line] = await refundsOf(ctx.database.db, id);
    expect(line).toMatchObject({ paymentId: payment!.id, cause: 'cancellation', amountCents: payment!.amountCents, refundId: 're_stub_1' });
    expect(line?.refundedAt).toBeInstanceOf(Date);
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund-${line!.id}`);
    const [job] = await ctx.database.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, `refund-${line!.id}`));
    expect(job?.status).toBe('done');

    const [mail] = await mailsOf(ctx.database.db, 'booking_cancelled', id);
    expect(mail!.textBody).toContain('L’acompte payé en ligne (carte ou PayPal) vous est remboursé');
    const [received] = await mailsOf(ctx.database.db, 'booking_received', id);
    const uid = /UID:(\S+)/.exec(received!.attachments[0]!.content)![1];
    const ics = mail!.attachments[0]!;
    expect(ics.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(ics.content).toContain('METHOD:CANCEL');
    expect(ics.content).toContain(`UID:${uid}`);
    expect(ics.content).toContain('SEQUENCE:1');
    expect(ics.content).toContain('STATUS:CANCELLED');
    expect(received!.attachments[0]!.content).toContain('SEQUENCE:0');
    const [company] = await mailsOf(ctx.database.db, 'booking_cancelled_company', id);
    expect(company!.textBody).toContain('remboursé automatiquement');
  });

  it('48 h or less before pickup: the deposit is kept, nothing is refunded', async () => {
    const { id } = await paidBooking({ date: parisLocalIn(24 * 60) });
    const before = refundRequests().length;
    expectStatus(await cancel(id), 200);
    await ctx.app.jobs.runDue();
    expect(refundRequests()).toHaveLength(before);
    expect(await refundsOf(ctx.database.db, id)).toEqual([]);
    const [mail] = await mailsOf(ctx.database.db, 'booking_cancelled', id);
    expect(mail!.textBody).not.toContain('remboursé');
    expect(mail!.attachments[0]!.content).toContain('METHOD:CANCEL');
  });

  it('a booking without a deposit paid is cancelled free with nothing to refund', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    const before = refundRequests().length;
    expectStatus(await cancel(id), 200);
    await ctx.app.jobs.runDue();
    expect(refundRequests()).toHaveLength(before);
    expect(await refundsOf(ctx.database.db, id)).toEqual([]);
  });

  it('refuses a second cancel (409) and someone else’s booking (404), translated, changing nothing', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    expectStatus(await cancel(id), 200);
    const again = await cancel(id, customer.token, 'fr');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/impossible|état/i);

    const mine = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    const stranger = await registerUser(ctx.app);
    const foreign = await cancel(mine, stranger.token);
    expect(foreign.statusCode).toBe(404);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, mine));
    expect(row?.status).toBe('pending');
    expect(row?.calendarSequence).toBe(0);
  });
});

describe('a customer’s own booking page', () => {
  const details = (id: number, token = customer.token) =>
    ctx.app.inject({ method: 'GET', url: `/api/user/booking/details/${id}`, headers: { ...bearer(token), 'accept-language': 'en' } });

  it('shows the route, history, payments and what cancelling would cost now', async () => {
    const far = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    const response = await details(far);
    expectStatus(response, 200);
    const { data } = response.json();
    expect(data).toMatchObject({ id: far, status: 'pending', origin: { title: 'Nice' }, destination: { title: 'Monaco' }, chauffeur: null });
    expect(data.history.map((row: { to_status: string }) => row.to_status)).toEqual(['draft', 'car_selected', 'pending']);
    expect(data.cancellation).toMatchObject({ allowed: true, free: true, deposit_paid: false });
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, far));
    expect(data.cancellation.free_until).toBe(new Date(row!.pickupAt.getTime() - 48 * 3_600_000).toISOString());

    expect(data.documents).toEqual([]);

    const { id: soon } = await paidBooking({ date: parisLocalIn(30 * 60) });
    const late = (await details(soon)).json().data;
    expect(late.cancellation).toMatchObject({ allowed: true, free: false, deposit_paid: true });
    // Accepted, then paid: the voucher and the deposit receipt are listed for download.
    expect(late.documents.map((document: { kind: string }) => document.kind)).toEqual(['voucher', 'receipt']);
    expect(late.documents[0].number).toMatch(/^BR-\d{4}-\d{6}$/);
    const voucher = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/voucher/${soon}`, headers: bearer(customer.token) });
    expect(voucher.headers['content-type']).toBe('application/pdf');
    expectStatus(await cancel(soon), 200);
    expect((await details(soon)).json().data.cancellation.allowed).toBe(false);
  });

  it('answers 404 for someone else’s booking and for an unknown one', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    const stranger = await registerUser(ctx.app);
    const foreign = await details(id, stranger.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Monaco');
    expect((await details(99_999_999)).statusCode).toBe(404);
  });
});
