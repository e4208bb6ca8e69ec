import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailsOf, mailText, NEXT_YEAR, payDepositByCard, pendingBooking } from './booking-helpers.ts';

/**
 * The deposit link, again (decision 0177): the customer opens the deposit page from "Mes
 * réservations" without the acceptance mail; the company sends a new link from the drawer.
 */

const WEBHOOK_SECRET = 'whsec_test_secret_for_deposit_links';
const signer = new Stripe('sk_test_only_for_signing');
const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

let ctx: TestContext;
let stripe: Awaited<ReturnType<typeof startStripeStub>>;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let carId: number;
let day = 0;
const ownDay = () => `${NEXT_YEAR}-10-${String(++day).padStart(2, '0')}T10:00`;

beforeAll(async () => {
  stripe = await startStripeStub();
  sink = await startSmtpSink();
  ctx = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_deposit_links', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stripe.url, SMTP_URL: sink.url });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  customer = await registerUser(ctx.app, { fullName: 'Emma Wilson' });
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx.close();
  await stripe.close();
  await sink.close();
});

const db = () => ctx.database.db;
const accept = async (id: number) => expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);
const ownLink = (id: number, token = customer.token, language = 'fr') =>
  ctx.app.inject({ method: 'POST', url: `/api/user/booking/deposit-link/${id}`, headers: { ...bearer(token), 'accept-language': language } });
const companyLink = (id: number, token = admin.token) => ctx.app.inject({ method: 'POST', url: `/api/booking/deposit-link/${id}`, headers: bearer(token) });
/** What the booking's details say a new link would ask: the customer's and the company's, which must agree. */
async function dueShown(id: number) {
  const own = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/details/${id}`, headers: bearer(customer.token) });
  const company = await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) });
  expectStatus(own, 200);
  expectStatus(company, 200);
  expect(own.json().data.deposit_due_online).toEqual(company.json().data.deposit_due_online);
  return own.json().data.deposit_due_online as { amount_cents: number; difference: boolean } | null;
}
const tokenOf = (url: string) => decodeURIComponent(/\/checkout\?id=\d+&token=([\w%-]+)/.exec(url)![1]!);
/** What the deposit page shows for this link: 200 and the amount asked, or its refusal. */
const checkout = (id: number, url: string) => ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id, token: tokenOf(url) } });

describe('the customer’s own deposit link (“Mes réservations”)', () => {
  it('opens the deposit page of an accepted card booking; the link the acceptance mailed keeps working; nothing is mailed', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    await accept(id);
    const [accepted] = await mailsOf(db(), 'booking_accepted', id);
    const mailed = /http\S+\/checkout\?id=\d+&token=[\w%-]+/.exec(accepted!.textBody)![0];
    const { depositCents } = (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

    // The details say what the link will ask, so the screens show the button only then.
    expect(await dueShown(id)).toEqual({ amount_cents: depositCents, difference: false });
    const response = await ownLink(id);
    expectStatus(response, 200);
    const { message, data } = response.json() as { message: string; data: { checkout_url: string; amount_due_cents: number; mailed: boolean } };
    expect(message).toBe('Votre page de paiement est prête');
    expect(data).toMatchObject({ id, amount_due_cents: depositCents, mailed: false });
    expect(data.checkout_url).toMatch(new RegExp(`^http://localhost:3000/checkout\\?id=${id}&token=`));
    expect(tokenOf(data.checkout_url)).not.toBe(tokenOf(mailed));
    for (const url of [data.checkout_url, mailed]) {
      const page = await checkout(id, url);
      expectStatus(page, 200);
      expect(page.json().data).toMatchObject({ deposit_cents: depositCents });
    }
    expect(await mailsOf(db(), 'deposit_link', id)).toHaveLength(0);
  });

  it('is its owner’s alone: another customer gets 404, nobody signed in 401', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    await accept(id);
    const stranger = await registerUser(ctx.app);
    const refused = await ownLink(id, stranger.token, 'en');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'booking_not_found' });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/user/booking/deposit-link/${id}` })).statusCode).toBe(401);
    // The company's call is the company's.
    expect((await companyLink(id, customer.token)).statusCode).toBe(403);
  });

  it('answers 409 deposit_not_due, translated, when nothing is to be paid online: pending, cash, deposit paid, pickup too near', async () => {
    const pending = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    const cash = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    await db().update(bookings).set({ paymentMethod: 'cash' }).where(eq(bookings.id, cash));
    await accept(cash);
    const paid = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    const deposit = (await db().select().from(bookings).where(eq(bookings.id, paid)))[0]!.depositCents!;
    await payDepositByCard(ctx.app, admin.token, paid, { secret: WEBHOOK_SECRET, sign: (payload) => sign(payload), amountCents: deposit });
    const near = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    await accept(near);
    await db().update(bookings).set({ pickupAt: new Date(Date.now() + 60 * 60_000) }).where(eq(bookings.id, near));

    for (const id of [pending, cash, paid, near]) {
      expect(await dueShown(id), String(id)).toBeNull();
      const refused = await ownLink(id);
      expect(refused.statusCode, String(id)).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'deposit_not_due', message: 'Rien n’est à régler en ligne pour cette réservation' });
    }
    expect((await ownLink(pending, customer.token, 'en')).json()).toMatchObject({ message: 'Nothing is to be paid online for this booking' });
    expect((await ownLink(pending, customer.token, 'ar')).json()).toMatchObject({ message: 'لا يوجد ما يُدفع عبر الإنترنت لهذا الحجز' });
  });

  it('choosing cash on one link closes every other: no link takes by card what was promised in cash', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    await accept(id);
    const [accepted] = await mailsOf(db(), 'booking_accepted', id);
    const mailed = /http\S+\/checkout\?id=\d+&token=[\w%-]+/.exec(accepted!.textBody)![0];
    const own = (await ownLink(id)).json().data.checkout_url as string;
    expectStatus(await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/cash/${id}`, payload: { id, token: tokenOf(own) } }), 200);
    expect((await checkout(id, mailed)).statusCode).toBe(404);
    expect((await ownLink(id)).json()).toMatchObject({ code: 'deposit_not_due' });
  });

  it('asks a paid booking the difference after a higher price; not once the customer chose to hand it to the chauffeur', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    const deposit = (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!.depositCents!;
    await payDepositByCard(ctx.app, admin.token, id, { secret: WEBHOOK_SECRET, sign: (payload) => sign(payload), amountCents: deposit });
    const higher = await ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: bearer(admin.token), payload: { priceCents: 50_000, priceReason: 'Attente', reason: 'Détour demandé' } });
    expectStatus(higher, 200);
    expect(await dueShown(id)).toEqual({ amount_cents: 10_000 - deposit, difference: true });
    const response = await ownLink(id);
    expectStatus(response, 200);
    const { data } = response.json() as { data: { checkout_url: string; amount_due_cents: number } };
    expect(data.amount_due_cents).toBe(10_000 - deposit);
    expect((await checkout(id, data.checkout_url)).json().data).toMatchObject({ deposit_cents: 10_000 - deposit });
    // The difference promised in cash on that page: nothing is asked online any more.
    expectStatus(await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/cash/${id}`, payload: { id, token: tokenOf(data.checkout_url) } }), 200);
    expect((await ownLink(id)).json()).toMatchObject({ code: 'deposit_not_due' });
    expect((await companyLink(id)).statusCode).toBe(409);
    expect(await dueShown(id)).toBeNull();
  });
});

describe('the company sends the link again (drawer)', () => {
  it('mails the customer a new link with the amount, answers it too, and each link opens the deposit page', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, { date: ownDay() });
    await accept(id);
    const { depositCents } = (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
    const response = await companyLink(id);
    expectStatus(response, 200);
    const { message, data } = response.json() as { message: string; data: { checkout_url: string; amount_due_cents: number; mailed: boolean } };
    expect(message).toBe('Lien de paiement envoyé au client');
    expect(data).toMatchObject({ amount_due_cents: depositCents, mailed: true });

    await ctx.app.outbox.runOnce();
    const [row] = await mailsOf(db(), 'deposit_link', id);
    expect(row!.toAddress).toBe(customer.user.email);
    const received = sink.received.find((mail) => mail.raw.includes(`outbox-${row!.id}@`))!;
    const text = mailText(received.raw);
    const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(depositCents! / 100).replace(/\u202f|\u00a0/g, ' ');
    expect(text.replace(/\u202f|\u00a0/g, ' ')).toContain(`Voici votre lien pour régler l’acompte de ${amount}`);
    expect(text).toContain(data.checkout_url);
    expectStatus(await checkout(id, data.checkout_url), 200);
    expect((await companyLink(999_999)).statusCode).toBe(404);
  });
});
