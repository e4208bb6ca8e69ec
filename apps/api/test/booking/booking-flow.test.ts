import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, bookingStatusHistory, mailOutbox, payments, users } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { confirmPayload, demoCars, expectStatus, linkToken, mailParts, mailsOf, mailText, NEXT_YEAR, pendingBooking, pickupPassed } from './booking-helpers.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_booking_flow';
const COMPANY = 'company@riviera-vtc.test';

describe('booking from the first step to the paid deposit', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carIds: { vclass: number; ford: number };
  const stripe = new Stripe('sk_test_only_for_signing');

  beforeAll(async () => {
    sink = await startSmtpSink();
    stub = await startStripeStub();
    ctx = await createTestApp({
      SMTP_URL: sink.url,
      COMPANY_EMAIL: COMPANY,
      STRIPE_SECRET_KEY: 'sk_test_booking_flow',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stub.url,
    });
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    customer = await registerUser(ctx.app, { fullName: 'Emma Wilson', phone: '+447911123456' });
    admin = await loginAdmin(ctx.app, ctx.database);
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
    await stub.close();
  });

  /** Booking mails that reached the account's address (its verification link aside). */
  const customerMails = () => sink.received.filter((m) => m.to.includes(customer.user.email) && !m.raw.includes('/verify-email?'));

  let bookingId: number;
  let decisionToken: string;
  let checkoutToken: string;
  let sessionId: string;

  const webhook = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/booking/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
      payload,
    });
  };
  const paidEvent = (id: string) => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        amount_total: 4560,
        currency: 'eur',
        client_reference_id: String(bookingId),
        metadata: { bookingId: String(bookingId) },
      },
    },
  });

  it('step one: suggestions give the places, the booking is created as a draft in the customer’s language', async () => {
    const suggest = await ctx.app.inject({ method: 'GET', url: '/api/places/suggest?q=nic', headers: { 'accept-language': 'en' } });
    expectStatus(suggest, 200);
    const nice = (suggest.json() as { data: { title: string; placeId: string; type: string }[] }).data[0]!;
    expect(nice).toMatchObject({ title: 'Nice', placeId: 'city-nice', type: 'address' });

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/booking/add',
      headers: { ...bearer(customer.token), 'accept-language': 'en' },
      payload: {
        origin: nice,
        destination: { title: 'Monaco', placeId: 'city-monaco', type: 'address' },
        rentFromType: 'address',
        rentToType: 'address',
        // 14 July: a public holiday (+20 %), at 10:00, by day.
        date: `${NEXT_YEAR}-07-14T10:00`,
        passengers: JSON.stringify({ adults: 2, children: 1, childrenSeat: 1 }),
        packages: JSON.stringify({ under10kg: 2, above10kg: 1, above30kg: 0 }),
      },
    });
    expectStatus(response, 201);
    const body = response.json() as { isBooked: boolean; bookingId: number };
    expect(body.isBooked).toBe(true);
    bookingId = body.bookingId;
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'draft', language: 'en', adults: 2, children: 1, childrenSeat: 1, distanceEstimated: true });
    expect(row!.distanceKm).toBeGreaterThan(15);
    expect(row!.distanceKm).toBeLessThan(30);
  });

  it('step two: every car is priced by the server from the price list, holiday included', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${bookingId}`, headers: bearer(customer.token) });
    expectStatus(response, 200);
    const { booking, cars } = response.json() as { booking: Record<string, unknown>; cars: Record<string, unknown>[] };
    expect(booking).toMatchObject({
      id: bookingId,
      status: 'draft',
      rent_date: `14/07/${NEXT_YEAR}`,
      rent_time: '10:00',
      rent_from_type: 'address',
      rent_to_type: 'address',
      passenger: { adults: 2, children: 1, children_seat: 1 },
      package: { under10kg: 2, above10kg: 1, above30kg: 0 },
      distance_estimated: true,
      price: null,
      car_id: null,
    });
    expect(booking.distance).toMatch(/^\d+\.\d km$/);
    const vclass = cars.find((car) => car.id === carIds.vclass);
    const ford = cars.find((car) => car.id === carIds.ford);
    // Nice -> Monaco is listed at 95 € (V-class) and 80 € (Ford); 14 July adds 20 %.
    expect(vclass).toMatchObject({ allowed: true, source: 'price_list', holiday: true, night: false, price_cents: 11400, price: 114, deposit_cents: 2280 });
    expect(ford).toMatchObject({ allowed: true, price_cents: 9600, price: 96 });
  });

  it('step two: choosing a car stores its price and moves the booking to car_selected', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/booking/update-car/${bookingId}/${carIds.vclass}`,
      headers: { ...bearer(customer.token), 'accept-language': 'en' },
      payload: { bookingId, carId: carIds.vclass },
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ message: 'Car selected', data: { status: 'car_selected', car_id: carIds.vclass, price_cents: 11400 } });
  });

  it('step three: one-way and round-trip prices, with the account as the form’s defaults', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${bookingId}`, headers: bearer(customer.token) });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      id: bookingId,
      rent_from_type: 'address',
      rent_to_type: 'address',
      car: { id: carIds.vclass },
      price_cents: 11400,
      round_trip_price_cents: 22800,
      round_trip_price: 228,
      round_trip_deposit_cents: 4560,
      holiday: true,
      customer: { fullName: 'Emma Wilson', email: customer.user.email, phone: '+447911123456' },
      info: { returnRent: false, method: null },
    });
  });

  it('step three: confirming with a return prices both legs, ignores a client price and mails both sides once', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/booking/update-booking-info/${bookingId}`,
      headers: { ...bearer(customer.token), 'accept-language': 'en' },
      payload: {
        bookingId,
        fullName: 'Emma Wilson',
        email: 'emma.wilson@example.test',
        phone: '+44 7911 123456',
        method: 'stripe',
        rentFromType: 'address',
        rentToType: 'address',
        address: '12 rue de France',
        city: 'Nice',
        flightNumber: 'BA342',
        arriveTime: '09:15',
        message: 'Child seat, please',
        returnRent: true,
        date: `${NEXT_YEAR}-07-16T18:00`,
        returnAddress: 'Hôtel de Paris',
        price: 1,
        totalCents: 100,
      },
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ message: 'Your booking request has been sent', data: { status: 'pending', price_cents: 22800, deposit_cents: 4560 } });

    expect(await ctx.app.outbox.runOnce()).toBeGreaterThanOrEqual(2);
    // The address typed at step three is shown to the company, never mailed to: the receipt goes to the account's verified one.
    expect(sink.received.filter((m) => m.to.includes('emma.wilson@example.test'))).toHaveLength(0);
    const received = customerMails();
    expect(received).toHaveLength(1);
    const parts = mailParts(received[0]!.raw);
    expect(parts.find((p) => p.type === 'text/plain')?.text).toContain(`Booking no. ${bookingId}`);
    const ics = parts.find((p) => p.type === 'text/calendar');
    expect(ics?.filename).toBe(`riviera-vtc-${bookingId}.ics`);
    expect(ics?.text).toContain('BEGIN:VCALENDAR');
    expect(ics?.text).toContain(`DTSTART:${NEXT_YEAR}0714T080000Z`);
    expect(ics?.text).toContain(`DTSTART:${NEXT_YEAR}0716T160000Z`);
    expect(ics?.text).toContain(`UID:booking-${bookingId}-outbound@localhost`);

    const company = sink.received.filter((m) => m.to.includes(COMPANY));
    expect(company).toHaveLength(1);
    const accept = linkToken(company[0]!.raw, 'http://localhost:3000/booking');
    expect(accept).toMatchObject({ id: String(bookingId), status: 'true' });
    const companyText = mailText(company[0]!.raw);
    expect(companyText).toContain(`status=false&token=${encodeURIComponent(accept.token)}`);
    expect(companyText).toContain('Vol : BA342');
    expect(companyText).toContain('emma.wilson@example.test');
    expect(companyText).toContain('+44 7911 123456');
    const [stored] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(stored?.phone).toBe('+447911123456');
    decisionToken = accept.token;
  });

  it('accept: an admin with the e-mailed token accepts once; the token does not work again', async () => {
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${bookingId}`, payload: { token: decisionToken } });
    expect(anonymous.statusCode).toBe(401);
    const asCustomer = await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${bookingId}`, headers: bearer(customer.token), payload: { token: decisionToken } });
    expect(asCustomer.statusCode).toBe(403);
    const wrong = await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${bookingId}`, headers: bearer(admin.token), payload: { token: 'not-the-token' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'token_invalid' });

    const accepted = await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${bookingId}`, headers: bearer(admin.token), payload: { token: decisionToken } });
    expectStatus(accepted, 200);
    expect(accepted.json()).toEqual({ message: 'Réservation acceptée', data: { id: bookingId, status: 'accepted' } });

    for (const action of ['accept', 'reject']) {
      const reused = await ctx.app.inject({ method: 'PUT', url: `/api/booking/${action}/${bookingId}`, headers: bearer(admin.token), payload: { token: decisionToken } });
      expect(reused.statusCode).toBe(404);
      expect(reused.json()).toMatchObject({ code: 'token_invalid' });
    }

    await ctx.app.outbox.runOnce();
    const mails = customerMails();
    expect(mails).toHaveLength(2);
    const link = linkToken(mails[1]!.raw, 'http://localhost:3000/checkout');
    expect(link.id).toBe(String(bookingId));
    checkoutToken = link.token;
  });

  it('checkout: the deposit link shows what is owed and opens a Stripe Checkout session through the SDK', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${bookingId}`, payload: { id: bookingId, token: 'nope' } });
    expect(bad.statusCode).toBe(404);
    const checkout = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${bookingId}`, payload: { id: bookingId, token: checkoutToken } });
    expectStatus(checkout, 200);
    expect(checkout.json()).toMatchObject({
      data: { booking: { id: bookingId, status: 'accepted' }, total_cents: 22800, deposit_cents: 4560, balance_cents: 18240, stripeEnabled: true, payment_method: 'stripe' },
    });

    const session = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/stripe/${bookingId}`, payload: { id: bookingId, token: checkoutToken } });
    expectStatus(session, 200);
    const { url } = session.json() as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_stub_\d+$/);
    sessionId = url.split('/').at(-1)!;

    const sent = stub.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.headers.authorization).toBe('Bearer sk_test_booking_flow');
    expect(Object.fromEntries(sent.form)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '4560',
      'metadata[bookingId]': String(bookingId),
      success_url: `http://localhost:3000/pay-success?id=${bookingId}`,
      locale: 'en',
    });
    const [row] = await ctx.database.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(row).toMatchObject({ bookingId, method: 'stripe', status: 'pending', amountCents: 4560 });
  });

  it('webhook: a bad signature is refused with 400, never 500', async () => {
    const forged = await webhook(paidEvent('evt_forged'), 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'signature_invalid' });
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/booking/payment/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(unsigned.statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.status).toBe('accepted');
  });

  it('webhook: the signed completed session makes the booking paid exactly once and mails both sides once', async () => {
    const first = await webhook(paidEvent('evt_paid_1'));
    expectStatus(first, 200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const replay = await webhook(paidEvent('evt_paid_1'));
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    // Another event for the same session (a retry under a new id) changes nothing either.
    expectStatus(await webhook(paidEvent('evt_paid_2')), 200);
    expectStatus(await webhook({ ...paidEvent('evt_expired_late'), type: 'checkout.session.expired' }), 200);

    const db = ctx.database.db;
    const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'paid', paymentMethod: 'stripe' });
    const [payment] = await db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 4560 });
    expect(payment!.paidAt).toBeInstanceOf(Date);
    const history = await db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, bookingId));
    expect(history.filter((h) => h.toStatus === 'paid')).toEqual([expect.objectContaining({ fromStatus: 'accepted', actorKind: 'system', actorUserId: null })]);
    expect(await mailsOf(db, 'deposit_paid', bookingId)).toHaveLength(1);
    const companyNotices = await mailsOf(db, 'deposit_paid_company', bookingId);
    expect(companyNotices).toHaveLength(1);
    expect(companyNotices[0]!.textBody).toMatch(/a réglé l’acompte de 45,60\s€ par carte\./);

    await ctx.app.outbox.runOnce();
    expect(customerMails()).toHaveLength(3);
    expect(sink.received.filter((m) => m.to.includes(COMPANY))).toHaveLength(2);
    const pending = await db.select().from(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    expect(pending).toEqual([]);

    // The deposit link is used up once the deposit is paid.
    const again = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${bookingId}`, payload: { id: bookingId, token: checkoutToken } });
    expect(again.statusCode).toBe(404);
  });

  it('admin: the booking shows its whole history, who made each change, and its payment', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: bearer(admin.token) });
    expectStatus(response, 200);
    const { data } = response.json() as { data: Record<string, unknown> & { history: Record<string, unknown>[] } };
    expect(data).toMatchObject({
      id: bookingId,
      status: 'paid',
      total_cents: 22800,
      return_rent: true,
      contact: { fullName: 'Emma Wilson', email: 'emma.wilson@example.test' },
      customer: { email: customer.user.email, emailVerified: true },
      info: { flightNumber: 'BA342', arriveTime: '09:15', date: `${NEXT_YEAR}-07-16T18:00`, returnAddress: 'Hôtel de Paris' },
      payments: [{ method: 'stripe', status: 'succeeded', amount_cents: 4560 }],
    });
    expect(data.history.map((h) => [h.from_status, h.to_status, h.actor_kind])).toEqual([
      [null, 'draft', 'customer'],
      ['draft', 'car_selected', 'customer'],
      ['car_selected', 'pending', 'customer'],
      ['pending', 'accepted', 'admin'],
      ['accepted', 'paid', 'system'],
    ]);
    await pickupPassed(ctx.database.db, bookingId);
    const complete = await ctx.app.inject({ method: 'PUT', url: `/api/booking/complete/${bookingId}`, headers: bearer(admin.token) });
    expect(complete.json()).toMatchObject({ data: { status: 'completed' } });
    const cancel = await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${bookingId}`, headers: bearer(customer.token) });
    expect(cancel.statusCode).toBe(409);
  });

  describe('open Checkout sessions', () => {
    /** An accepted booking and the token of its deposit link. */
    const acceptedBooking = async () => {
      const id = await pendingBooking(ctx.app, customer.token, carIds.ford);
      expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token) }), 200);
      const [mail] = await mailsOf(ctx.database.db, 'booking_accepted', id);
      return { id, token: decodeURIComponent(/checkout\?id=\d+&token=([\w%-]+)/.exec(mail!.textBody)![1]!) };
    };
    const payByCard = async (id: number, token: string) => {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/stripe/${id}`, payload: { id, token } });
      expectStatus(response, 200);
      return (response.json() as { url: string }).url.split('/').at(-1)!;
    };
    const expireCalls = () => stub.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/expire')).map((r) => r.path);
    const paymentsOf = (id: number) => ctx.database.db.select().from(payments).where(eq(payments.bookingId, id)).orderBy(asc(payments.id));
    const cancel = (id: number) => ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: bearer(customer.token) });

    it('Checkout gets the account’s verified e-mail (none while unverified) and the booking number, never the typed address or places', async () => {
      const { id, token } = await acceptedBooking();
      const sessionForm = () => Object.fromEntries(stub.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form);
      const account = eq(users.email, customer.user.email);
      try {
        await payByCard(id, token);
        const sent = sessionForm();
        expect(sent.customer_email).toBe(customer.user.email);
        expect(sent['line_items[0][price_data][product_data][name]']).toBe(`Acompte de réservation ${id}`);
        expect(sent).not.toHaveProperty('line_items[0][price_data][product_data][description]');
        const text = JSON.stringify(sent);
        for (const typed of [confirmPayload(id).email, 'Nice', 'Monaco', confirmPayload(id).address]) expect(text).not.toContain(typed);

        await ctx.database.db.update(users).set({ emailVerifiedAt: null }).where(account);
        await payByCard(id, token);
        expect(sessionForm()).not.toHaveProperty('customer_email');
      } finally {
        await ctx.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(account);
        // The car and the hour go back to the tests below.
        expectStatus(await cancel(id), 200);
      }
    });

    it('a second card click expires the first session; cancelling expires the open one', async () => {
      const { id, token } = await acceptedBooking();
      const first = await payByCard(id, token);
      expect(expireCalls()).not.toContain(`/v1/checkout/sessions/${first}/expire`);
      const second = await payByCard(id, token);
      expect(second).not.toBe(first);
      expect(expireCalls()).toContain(`/v1/checkout/sessions/${first}/expire`);
      expect((await paymentsOf(id)).map((p) => [p.providerSessionId, p.status])).toEqual([
        [first, 'expired'],
        [second, 'pending'],
      ]);

      expectStatus(await cancel(id), 200);
      expect(expireCalls()).toContain(`/v1/checkout/sessions/${second}/expire`);
      expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['expired', 'expired']);
    });

    it('a payment completed before the cancel is logged, kept, and its late webhook asks the company to refund', async () => {
      const { id, token } = await acceptedBooking();
      const session = await payByCard(id, token);
      // The customer paid just before cancelling: Stripe refuses to expire a complete session.
      stub.completed.add(session);
      expectStatus(await cancel(id), 200);
      expect(expireCalls()).toContain(`/v1/checkout/sessions/${session}/expire`);
      expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['pending']);

      const event = (eventId: string) => ({
        id: eventId,
        object: 'event',
        type: 'checkout.session.completed',
        data: {
          object: {
            id: session,
            object: 'checkout.session',
            payment_status: 'paid',
            status: 'complete',
            amount_total: 1600,
            currency: 'eur',
            client_reference_id: String(id),
            metadata: { bookingId: String(id) },
          },
        },
      });
      expectStatus(await webhook(event(`evt_late_${id}`)), 200);
      expectStatus(await webhook(event(`evt_late_retry_${id}`)), 200);
      const db = ctx.database.db;
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      expect(row?.status).toBe('cancelled');
      expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['succeeded']);
      const refund = await mailsOf(db, 'payment_refund_needed_company', id);
      expect(refund).toHaveLength(1);
      expect(refund[0]).toMatchObject({ toAddress: COMPANY });
      expect(refund[0]!.subject).toContain('remboursement à faire');
      expect(refund[0]!.textBody).toContain('Remboursez ce paiement');
      expect(await mailsOf(db, 'deposit_paid', id)).toHaveLength(0);
    });
  });
});
