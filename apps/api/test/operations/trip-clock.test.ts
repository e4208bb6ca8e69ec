import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatParisDateTime } from '@vtc/shared/time/format-paris';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookingBalances, bookings, bookingStatusHistory, bookingTokens, invoices, mailOutbox } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, mailsOf, NEXT_YEAR } from '../booking/booking-helpers.ts';

/**
 * Decision 0117, on PGlite or PostgreSQL: the chauffeur's steps follow the clock, the company's
 * "Course terminée" too; a no-show after the waiting time; the balance collected and how, once;
 * cash paid on board without a deposit link. Time is moved (vi.setSystemTime), never waited for.
 */

let ctx: TestContext;
let customer: Awaited<ReturnType<typeof registerUser>>;
let cars: { vclass: number; ford: number };

beforeAll(async () => {
  // Two hours instead of the default three: the rule reads its configuration.
  ctx = await createTestApp({ MISSION_EN_ROUTE_HOURS: '2' });
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
});
afterAll(async () => ctx.close());
afterEach(async () => {
  // Mails written at a moved time leave before the clock goes back (PGlite's clock is the process's).
  await ctx.app.outbox.runOnce();
  vi.useRealTimers();
});

let day = 0;
const ownDay = () => `${NEXT_YEAR}-07-${String(++day).padStart(2, '0')}`;

/** An admin session opened now, whatever the clock says (an access token lives 15 minutes). */
const adminToken = async () => (await loginAdmin(ctx.app, ctx.database)).token;
const admin = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, language = 'fr') =>
  ctx.app.inject({ method, url, headers: { ...bearer(await adminToken()), 'accept-language': language }, payload: payload as object });

async function bookingRow(id: number) {
  const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

/** Moves the clock to `minutes` from the booking's pickup. */
async function clockAtPickup(id: number, minutes: number) {
  const { pickupAt } = await bookingRow(id);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(pickupAt.getTime() + minutes * 60_000);
}

/** A booking accepted by the company (card: the deposit link is out, unpaid), paid (cash deposit received) or paid on board (cash). */
async function bookingOn(kind: 'card' | 'deposit_paid' | 'cash', values: { rentFromType?: string } = {}) {
  const id = await createBooking(ctx.app, customer.token, { date: `${ownDay()}T10:00`, ...values });
  expectStatus(await chooseCar(ctx.app, customer.token, id, cars.vclass), 200);
  expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: kind === 'card' ? 'stripe' : 'cash' }), 200);
  expectStatus(await admin('PUT', `/api/booking/accept/${id}`, {}), 200);
  if (kind === 'deposit_paid') expectStatus(await admin('PUT', `/api/booking/deposit-received/${id}`), 200);
  return id;
}

let driverCount = 0;
/** Assigns a new chauffeur and returns the token of the mission link mailed to them. */
async function assignDriver(id: number): Promise<string> {
  driverCount += 1;
  const created = await admin('POST', '/api/driver/add', { fullName: `Luc Clock ${driverCount}`, phone: '+33 6 98 76 54 32', email: `clock-${driverCount}@riviera-vtc.test`, languages: ['fr'] });
  expectStatus(created, 201);
  expectStatus(await admin('PUT', `/api/booking/assign/${id}`, { driverId: created.json().data.id, carId: cars.vclass }), 200);
  const [mail] = (await mailsOf(ctx.database.db, 'mission_link', id)).slice(-1);
  const match = /\/mission\?id=\d+&(?:amp;)?token=([A-Za-z0-9_-]+)/.exec(mail!.textBody);
  return match![1]!;
}

const step = (id: number, token: string, status: string, language = 'fr') =>
  ctx.app.inject({ method: 'PUT', url: `/api/mission/status/${id}`, headers: { 'accept-language': language }, payload: { token, status } });
const mission = (id: number, token: string) => ctx.app.inject({ method: 'GET', url: `/api/mission/${id}?token=${encodeURIComponent(token)}` });
const missionBalance = (id: number, token: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/mission/balance/${id}`, headers: { 'accept-language': 'fr' }, payload: { token, ...body } });
const balance = (id: number, body: Record<string, unknown>, language = 'fr') => admin('PUT', `/api/booking/balance/${id}`, body, language);

const stepsOf = async (id: number) =>
  (await ctx.database.db.select({ mission: bookingStatusHistory.missionStatus }).from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id)))
    .map((row) => row.mission)
    .filter(Boolean);
const invoiceOf = async (id: number) => (await ctx.database.db.select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'invoice'))))[0];
const balancesOf = (id: number) => ctx.database.db.select().from(bookingBalances).where(eq(bookingBalances.bookingId, id));
const paris = (instant: Date, language: 'fr' | 'en' | 'ar' = 'fr') => formatParisDateTime(instant, language);

describe('steps follow the clock', () => {
  it('opens en route MISSION_EN_ROUTE_HOURS before pickup, refuses done before pickup saying from when, mails at the step; done completes an unpaid accepted trip and invoices it', async () => {
    const id = await bookingOn('card');
    const token = await assignDriver(id);
    const { pickupAt, totalCents } = await bookingRow(id);
    const opens = new Date(pickupAt.getTime() - 2 * 3_600_000);
    expect((await mission(id, token)).json().data).toMatchObject({ next: 'en_route', nextOpensAt: opens.toISOString() });

    await clockAtPickup(id, -121);
    const early = await step(id, token, 'en_route');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'mission_step_too_early', message: `Cette étape ne s’ouvre qu’à partir du ${paris(opens)} (heure de Paris)` });
    expect((await step(id, token, 'en_route', 'ar')).json().message).toBe(`لا تُتاح هذه المرحلة إلا ابتداءً من ${paris(opens, 'ar')} (بتوقيت باريس)`);
    expect(await stepsOf(id)).toEqual([]);
    expect(await mailsOf(ctx.database.db, 'chauffeur_en_route', id)).toHaveLength(0);

    await clockAtPickup(id, -120);
    expectStatus(await step(id, token, 'en_route'), 200);
    expect(await mailsOf(ctx.database.db, 'chauffeur_en_route', id)).toHaveLength(1);
    expect((await step(id, token, 'on_board')).json().code).toBe('mission_status_order');
    expectStatus(await step(id, token, 'on_site'), 200);
    expectStatus(await step(id, token, 'on_board'), 200);
    expect((await mission(id, token)).json().data).toMatchObject({ next: 'done', nextOpensAt: pickupAt.toISOString() });

    await clockAtPickup(id, -1);
    const tooSoon = await step(id, token, 'done');
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toEqual({
      code: 'trip_not_started',
      message: `La course ne peut être terminée qu’à partir de la prise en charge, le ${paris(pickupAt)} (heure de Paris)`,
    });
    expect((await bookingRow(id)).status).toBe('accepted');
    expect(await invoiceOf(id)).toBeUndefined();

    await clockAtPickup(id, 0);
    const done = await step(id, token, 'done');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ bookingStatus: 'completed', status: 'done', next: null, balanceCents: totalCents });
    expect((await bookingRow(id)).status).toBe('completed');
    // No deposit came: the invoice deducts none, the whole price is left to collect.
    expect(await invoiceOf(id)).toMatchObject({ totalInclTaxCents: totalCents, depositCents: 0 });
    const details = (await admin('GET', `/api/booking/${id}`)).json().data;
    expect(details.settlement).toMatchObject({ payment_state: 'balance_due', on_account: false, balance_due_cents: totalCents, collected_cents: 0 });
  });

  it('the company’s “Course terminée” is refused before pickup, with the time, and allowed from it', async () => {
    const id = await bookingOn('deposit_paid');
    const { pickupAt } = await bookingRow(id);
    await clockAtPickup(id, -24 * 60);
    const early = await admin('PUT', `/api/booking/complete/${id}`, undefined, 'en');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ code: 'trip_not_started', message: `The trip can be marked done only from its pickup time, ${paris(pickupAt, 'en')} (Paris time)` });
    expect((await bookingRow(id)).status).toBe('paid');
    expect(await invoiceOf(id)).toBeUndefined();
    await clockAtPickup(id, 30);
    expectStatus(await admin('PUT', `/api/booking/complete/${id}`), 200);
    expect((await bookingRow(id)).status).toBe('completed');
    expect(await invoiceOf(id)).toBeDefined();
  });
});

describe('no-show', () => {
  it('is open from on site once the waiting time is over; the company confirms: cancelled, deposit kept, customer mailed', async () => {
    const id = await bookingOn('deposit_paid');
    const token = await assignDriver(id);
    const { pickupAt, depositCents } = await bookingRow(id);
    // An address pickup: 15 minutes of waiting included (WAITING_MINUTES_OTHER).
    const opens = new Date(pickupAt.getTime() + 15 * 60_000);
    await clockAtPickup(id, -30);
    expectStatus(await step(id, token, 'en_route'), 200);
    expect((await step(id, token, 'no_show')).json().code).toBe('mission_status_order');
    expectStatus(await step(id, token, 'on_site'), 200);
    expect((await mission(id, token)).json().data).toMatchObject({ status: 'on_site', noShowOpensAt: opens.toISOString() });

    await clockAtPickup(id, 14);
    const early = await step(id, token, 'no_show');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      code: 'no_show_too_early',
      message: `Le client ne peut être déclaré absent qu’une fois le temps d’attente inclus écoulé, à partir du ${paris(opens)} (heure de Paris)`,
    });
    const unreported = await admin('PUT', `/api/booking/no-show/${id}`);
    expect(unreported.statusCode).toBe(409);
    expect(unreported.json().code).toBe('no_show_not_reported');
    expect((await bookingRow(id)).status).toBe('paid');

    await clockAtPickup(id, 15);
    const absent = await step(id, token, 'no_show');
    expect(absent.statusCode, absent.body).toBe(200);
    expect(absent.json().data).toMatchObject({ status: 'no_show', next: null, bookingStatus: 'paid' });
    expect((await step(id, token, 'on_board')).json().code).toBe('mission_status_order');
    // The company hears of it at once, in French, with the way to confirm it.
    const [reported] = await mailsOf(ctx.database.db, 'no_show_reported_company', id);
    expect(reported!.toAddress).toBe(ctx.app.config.COMPANY_EMAIL);
    expect(reported!.subject).toContain(`Client absent signalé : réservation n°${id}`);
    expect(reported!.textBody).toContain('signale que le client n’était pas au rendez-vous');
    expect(reported!.textBody).toContain(`/bookings?q=${id}`);
    expect(await mailsOf(ctx.database.db, 'no_show', id)).toHaveLength(0);

    const confirmed = await admin('PUT', `/api/booking/no-show/${id}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ data: { id, status: 'cancelled' } });
    expect((await bookingRow(id)).status).toBe('cancelled');
    const [mail] = await mailsOf(ctx.database.db, 'no_show', id);
    expect(mail!.textBody).toContain('au-delà du temps d’attente inclus');
    expect(mail!.textBody).toContain(`l’acompte de ${new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(depositCents! / 100)} est conservé`);
    // Kept: no credit note, no refund; nothing is left to collect, and no balance is taken.
    expect(await ctx.database.db.select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'credit_note')))).toEqual([]);
    const details = (await admin('GET', `/api/booking/${id}`)).json().data;
    expect(details.settlement).toMatchObject({ payment_state: 'no_show', balance_due_cents: 0, deposit_received_cents: depositCents });
    expect(details.history.at(-1)).toMatchObject({ to_status: 'cancelled', reason: 'no_show', actor_kind: 'admin' });
    expect((await balance(id, { amountCents: 100, method: 'cash' })).json().code).toBe('balance_not_due');
    expect((await admin('PUT', `/api/booking/no-show/${id}`)).json().code).toBe('invalid_transition');
  });
});

describe('the balance', () => {
  it('is recorded once the trip is done, never above what remains, and the invoice says how it was paid', async () => {
    const id = await bookingOn('deposit_paid');
    const token = await assignDriver(id);
    const { totalCents, depositCents } = await bookingRow(id);
    const due = totalCents! - depositCents!;

    const notDone = await balance(id, { amountCents: 1000, method: 'cash' });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json()).toEqual({ code: 'balance_not_due', message: 'Le solde s’enregistre une fois la course terminée' });

    await clockAtPickup(id, -60);
    for (const status of ['en_route', 'on_site', 'on_board']) expectStatus(await step(id, token, status), 200);
    await clockAtPickup(id, 45);
    expectStatus(await step(id, token, 'done'), 200);

    const bad = await balance(id, { amountCents: 0, method: 'cheque' }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((error: { path: string }) => error.path).sort()).toEqual(['amountCents', 'method']);
    const above = await balance(id, { amountCents: due + 1, method: 'cash' });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toEqual({ code: 'balance_above_remaining', message: 'Ce montant dépasse ce qui reste à encaisser' });
    expect(await balancesOf(id)).toEqual([]);

    // The chauffeur takes part in cash from the mission page, the company the rest on the card terminal.
    const byDriver = await missionBalance(id, token, { amountCents: 2000, method: 'cash' });
    expect(byDriver.statusCode, byDriver.body).toBe(200);
    expect(byDriver.json().data).toMatchObject({ balanceCents: due - 2000, balances: [{ amountCents: 2000, method: 'cash' }] });
    const rest = await balance(id, { amountCents: due - 2000, method: 'card_terminal' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual({ message: 'Solde enregistré', data: { id, collected_cents: totalCents, balance_due_cents: 0 } });
    expect((await balance(id, { amountCents: 1, method: 'transfer' })).json().code).toBe('balance_settled');
    expect((await balancesOf(id)).map((row) => [row.amountCents, row.method, row.actorKind])).toEqual([
      [2000, 'cash', 'driver'],
      [due - 2000, 'card_terminal', 'admin'],
    ]);
    const details = (await admin('GET', `/api/booking/${id}`)).json().data;
    expect(details.settlement).toMatchObject({ payment_state: 'settled', balance_due_cents: 0, collected_cents: totalCents });

    const pdf = await admin('GET', `/api/booking/invoice/${id}?kind=invoice`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\s/g, ' ');
    expect(text).toContain('Règlement');
    expect(text).toMatch(new RegExp(`Acompte de ${euros(depositCents!)} réglé le .+ en espèces`));
    expect(text).toMatch(new RegExp(`Solde de ${euros(2000)} encaissé le .+ en espèces`));
    expect(text).toContain(`Solde de ${euros(due - 2000)} encaissé le`);
    expect(text).toContain('par carte bancaire (terminal du chauffeur)');
    expect(text).toContain('Facture acquittée');
  });

  it('two records at once, or done and a record at once, never take more than what remains', async () => {
    const id = await bookingOn('cash');
    const token = await assignDriver(id);
    const { totalCents } = await bookingRow(id);
    await clockAtPickup(id, -60);
    for (const status of ['en_route', 'on_site', 'on_board']) expectStatus(await step(id, token, status), 200);
    await clockAtPickup(id, 60);
    const session = await adminToken();
    const adminBalance = () =>
      ctx.app.inject({ method: 'PUT', url: `/api/booking/balance/${id}`, headers: bearer(session), payload: { amountCents: totalCents, method: 'cash' } });

    // done and the company's record race: the record either waits for done or comes first and is refused.
    const [done, early] = await Promise.all([step(id, token, 'done'), adminBalance()]);
    expect(done.statusCode, done.body).toBe(200);
    expect([200, 409]).toContain(early.statusCode);
    if (early.statusCode === 409) {
      expect(early.json().code).toBe('balance_not_due');
      const both = await Promise.all([adminBalance(), missionBalance(id, token, { amountCents: totalCents, method: 'card_terminal' }), adminBalance()]);
      expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    }
    const rows = await balancesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountCents).toBe(totalCents);
  });
});

describe('cash, paid on board', () => {
  it('sends no deposit link: confirmed on acceptance, both sides mailed; the trip completes without a deposit and the balance is collected', async () => {
    const id = await createBooking(ctx.app, customer.token, { date: `${ownDay()}T10:00` });
    expectStatus(await chooseCar(ctx.app, customer.token, id, cars.vclass), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, { method: 'cash' }), 200);
    const [received] = await mailsOf(ctx.database.db, 'booking_received', id);
    expect(received!.textBody).toContain('aucun lien de paiement ne vous sera envoyé');

    const accepted = await admin('PUT', `/api/booking/accept/${id}`, {});
    expectStatus(accepted, 200);
    expect(await mailsOf(ctx.database.db, 'booking_accepted', id)).toHaveLength(0);
    expect(await ctx.database.db.select().from(bookingTokens).where(and(eq(bookingTokens.bookingId, id), eq(bookingTokens.purpose, 'checkout')))).toEqual([]);
    const [toCustomer] = await mailsOf(ctx.database.db, 'cash_confirmed', id);
    const [toCompany] = await mailsOf(ctx.database.db, 'cash_confirmed_company', id);
    expect(toCustomer!.subject).toBe(`Votre réservation n°${id} est confirmée`);
    expect(toCustomer!.textBody).toContain('Rien n’est à payer en ligne');
    expect(toCustomer!.textBody).not.toContain('/checkout');
    expect(toCompany!.subject).toContain(`Confirmée, paiement à bord : réservation n°${id}`);
    const [companyRow] = await ctx.database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox).where(eq(mailOutbox.id, toCompany!.id));
    expect(companyRow!.to).toBe(ctx.config.COMPANY_EMAIL);
    expect((await admin('GET', `/api/booking/${id}`)).json().data.settlement.payment_state).toBe('pay_on_board');

    const token = await assignDriver(id);
    await clockAtPickup(id, -30);
    for (const status of ['en_route', 'on_site', 'on_board']) expectStatus(await step(id, token, status), 200);
    await clockAtPickup(id, 50);
    expectStatus(await step(id, token, 'done'), 200);
    const { totalCents } = await bookingRow(id);
    expect(await invoiceOf(id)).toMatchObject({ depositCents: 0, totalInclTaxCents: totalCents });
    expectStatus(await missionBalance(id, token, { amountCents: totalCents, method: 'cash' }), 200);
    expect((await admin('GET', `/api/booking/${id}`)).json().data.settlement.payment_state).toBe('settled');
  });
});

describe('the dashboard', () => {
  it('shows what was collected this month and what completed trips still owe', async () => {
    const before = (await admin('GET', '/api/dashboard')).json().data.collection;
    const id = await bookingOn('deposit_paid');
    const { pickupAt, totalCents, depositCents } = await bookingRow(id);
    await ctx.database.db.update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
    const owed = (await admin('GET', '/api/dashboard')).json().data.collection;
    expect(owed.toCollectCents - before.toCollectCents).toBe(totalCents! - depositCents!);
    expect(owed.toCollectTrips - before.toCollectTrips).toBe(1);
    expect(owed.collectedThisMonthCents - before.collectedThisMonthCents).toBe(depositCents);
    expect(pickupAt.getTime()).toBeGreaterThan(Date.now());
    expectStatus(await balance(id, { amountCents: totalCents! - depositCents!, method: 'transfer' }), 200);
    const after = (await admin('GET', '/api/dashboard')).json().data.collection;
    expect(after.toCollectCents).toBe(before.toCollectCents);
    expect(after.collectedThisMonthCents - before.collectedThisMonthCents).toBe(totalCents);
  });
});
