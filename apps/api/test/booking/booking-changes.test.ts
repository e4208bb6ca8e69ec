import { and, asc, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { bookingChanges, bookings, bookingStatusHistory, carHolds, invoices } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, PASSWORD, registerUser } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailsOf, NEXT_YEAR, parisLocalIn, payDepositByCard, pendingBooking, refundsOf } from './booking-helpers.ts';

/**
 * Changes of a booking after its confirmation (issue 21 items 2 and 3, decision 0120): by the
 * company from the drawer, by the customer from "Mes réservations" (applied, or a request the
 * company answers), with the re-price, the holds, the voucher version, the calendar SEQUENCE, the
 * mails saying what changed and the money moved; every refusal a translated 4xx that changes nothing.
 */

const WEBHOOK_SECRET = 'whsec_test_secret_for_changes';
const signer = new Stripe('sk_test_only_for_signing');

let ctx: TestContext;
let stub: Awaited<ReturnType<typeof startStripeStub>>;
let customer: Awaited<ReturnType<typeof registerUser>>;
let admin: Awaited<ReturnType<typeof loginAdmin>>;
let car: { vclass: number; ford: number };
let day = 0;
/** A day of its own for each trip (no two tests meet on one car), at `hour`. */
const ownDay = () => {
  day += 1;
  const month = String(4 + Math.floor(day / 28)).padStart(2, '0');
  const date = `${NEXT_YEAR}-${month}-${String((day % 28) + 1).padStart(2, '0')}`;
  return { at: (hour: string) => `${date}T${hour}` };
};

beforeAll(async () => {
  stub = await startStripeStub();
  ctx = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_changes', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: stub.url });
  await seedDemoData(ctx.database.db);
  car = await demoCars(ctx.database.db);
  customer = await registerUser(ctx.app, { fullName: 'Emma Wilson' });
  admin = await loginAdmin(ctx.app, ctx.database);
});
afterAll(async () => {
  await ctx.close();
  await stub.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const db = () => ctx.database.db;
/** The company's change, with a reason unless the payload gives its own (the reason's own checks send the body as is). */
const update = (id: number, payload: Record<string, unknown>, language = 'fr', token = admin.token, { withReason = true } = {}) =>
  ctx.app.inject({ method: 'PUT', url: `/api/booking/update/${id}`, headers: { ...bearer(token), 'accept-language': language }, payload: withReason ? { reason: 'Demande du client par téléphone', ...payload } : payload });
const change = (id: number, payload: Record<string, unknown>, language = 'fr', token = customer.token) =>
  ctx.app.inject({ method: 'PUT', url: `/api/user/booking/change/${id}`, headers: { ...bearer(token), 'accept-language': language }, payload });
const admin200 = async (method: 'PUT' | 'POST', url: string, payload: Record<string, unknown> = {}) => {
  const response = await ctx.app.inject({ method, url, headers: bearer(admin.token), payload });
  expectStatus(response, method === 'POST' ? 201 : 200);
  return response.json();
};
const row = async (id: number) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const holdsOf = (id: number) =>
  db()
    .select({ leg: carHolds.leg, carId: carHolds.carId, from: sql<string>`lower(${carHolds.during})` })
    .from(carHolds)
    .where(eq(carHolds.bookingId, id));
const lastHistory = async (id: number) => (await db().select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id)).orderBy(asc(bookingStatusHistory.id))).at(-1)!;

async function acceptedBooking(date: string, carId = car.vclass, method = 'stripe'): Promise<number> {
  const id = await pendingBooking(ctx.app, customer.token, carId, { date });
  if (method !== 'stripe') await db().update(bookings).set({ paymentMethod: 'cash' }).where(eq(bookings.id, id));
  await admin200('PUT', `/api/booking/accept/${id}`);
  return id;
}

async function addDriver(name: string, email: string): Promise<number> {
  const answer = await admin200('POST', '/api/driver/add', { fullName: name, phone: '+33 6 99 88 77 66', email, languages: ['fr'] });
  return answer.data.id as number;
}

/** The fields of a booking a refused change must leave as they were. */
const snapshot = async (id: number) => {
  const b = await row(id);
  return { pickupAt: b.pickupAt, totalCents: b.totalCents, depositCents: b.depositCents, carId: b.carId, adults: b.adults, calendarSequence: b.calendarSequence, holds: await holdsOf(id) };
};

describe('the company changes a booking (PUT /booking/update/{id})', () => {
  it('moves an accepted trip: re-priced, held anew, voucher version 2, the calendar updated under its UID, customer and chauffeur told what changed', async () => {
    const trip = ownDay();
    const id = await acceptedBooking(trip.at('10:00'));
    const driverId = await addDriver('Karim Benali', 'karim.changes@example.test');
    await admin200('PUT', `/api/booking/assign/${id}`, { driverId, carId: car.vclass });

    const response = await update(id, { date: trip.at('12:30'), reason: 'Vol avancé' });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ message: 'Réservation modifiée : le client a été prévenu', data: { outcome: 'applied', calendar_sequence: 1, voucher_version: 3 } });
    const b = await row(id);
    expect(toParisDateTimeLocal(b.pickupAt)).toBe(trip.at('12:30'));
    expect(await holdsOf(id)).toEqual([expect.objectContaining({ leg: 'outbound', carId: car.vclass })]);
    expect(new Date((await holdsOf(id))[0]!.from).getTime()).toBe(b.pickupAt.getTime());
    expect(await lastHistory(id)).toMatchObject({ fromStatus: 'accepted', toStatus: 'accepted', actorKind: 'admin', reason: 'changed_by_company — Vol avancé' });

    // The customer's mail says what changed, with the trip's calendar file: same UID, SEQUENCE 1.
    const [mail] = await mailsOf(db(), 'booking_changed', id);
    expect(mail!.textBody).toContain('Votre réservation a été modifiée. Voici ce qui change :');
    expect(mail!.textBody).toMatch(/Prise en charge : \d\d\/\d\d\/\d{4} 10:00 → \d\d\/\d\d\/\d{4} 12:30/);
    const [accepted] = await mailsOf(db(), 'booking_accepted', id);
    const uid = /UID:(\S+)/.exec(accepted!.attachments[0]!.content)![1];
    expect(accepted!.attachments[0]!.content).toContain('SEQUENCE:0');
    expect(mail!.attachments[0]!.content).toContain(`UID:${uid}`);
    expect(mail!.attachments[0]!.content).toContain('SEQUENCE:1');
    expect(mail!.attachments[0]!.content).toContain('METHOD:PUBLISH');
    const [driverMail] = await mailsOf(db(), 'booking_changed_driver', id);
    expect(driverMail!.toAddress).toBe('karim.changes@example.test');
    expect(driverMail!.textBody).toMatch(/Prise en charge : .*10:00 → .*12:30/);

    // The new voucher version reads back with the new time; the first keeps the old one.
    const latest = await ctx.app.inject({ method: 'GET', url: `/api/booking/voucher/${id}`, headers: bearer(admin.token) });
    expect(latest.headers['content-disposition']).toMatch(/-v3\.pdf/);
    expect(await pdfText(latest.rawPayload)).toContain('12:30');
    const first = await pdfText((await ctx.app.inject({ method: 'GET', url: `/api/booking/voucher/${id}?version=1`, headers: bearer(admin.token) })).rawPayload);
    expect(first).toContain('10:00');
    expect(first).not.toContain('12:30');
  });

  it('changes party, luggage, flight, return and notes in one go; a second identical change changes nothing', async () => {
    const trip = ownDay();
    const id = await acceptedBooking(trip.at('09:00'));
    const before = await row(id);
    const body = {
      passengers: { adults: 3, children: 1, childrenSeat: 1 },
      packages: { under10kg: 2, above10kg: 1, above30kg: 0 },
      flightNumber: 'ba 342',
      message: 'Siège bébé à l’avant',
      returnRent: true,
      returnDate: trip.at('18:00'),
      returnAddress: 'Hôtel de Paris',
      reason: 'Appel du client',
    };
    const response = await update(id, body);
    expectStatus(response, 200);
    const after = await row(id);
    expect(after).toMatchObject({ adults: 3, children: 1, childrenSeat: 1, luggageUnder10kg: 2, flightNumber: 'BA342', returnRent: true, returnAddress: 'Hôtel de Paris' });
    expect(after.totalCents).toBe(before.totalCents! * 2);
    expect((await holdsOf(id)).map((hold) => hold.leg).sort()).toEqual(['outbound', 'return']);
    const [mail] = await mailsOf(db(), 'booking_changed', id);
    for (const line of ['Passagers : 2 adulte(s), 0 enfant(s), 0 siège(s) enfant → 3 adulte(s), 1 enfant(s), 1 siège(s) enfant', 'Vol : AF7700 → BA342', 'Message : Deux valises → Siège bébé à l’avant', 'Retour : (aucun) →']) {
      expect(mail!.textBody).toContain(line);
    }
    expect(mail!.textBody).toMatch(/Prix total : .*→/);
    const again = await update(id, body);
    expectStatus(again, 200);
    expect(again.json()).toMatchObject({ message: 'Rien n’a changé', data: { outcome: 'unchanged', calendar_sequence: 1 } });
    expect(await mailsOf(db(), 'booking_changed', id)).toHaveLength(1);
  });

  it('takes a manual price only with its reason', async () => {
    const id = await acceptedBooking(ownDay().at('11:00'), car.vclass, 'cash');
    const before = await snapshot(id);
    const missing = await update(id, { priceCents: 15000 }, 'en');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'priceReason', message: 'Give the reason for the manual price' }] });
    expect(await snapshot(id)).toEqual(before);
    expectStatus(await update(id, { priceCents: 15000, priceReason: 'Geste commercial' }), 200);
    expect(await row(id)).toMatchObject({ totalCents: 15000, depositCents: 3000 });
    expect((await lastHistory(id)).reason).toBe('changed_by_company — Demande du client par téléphone — Geste commercial');
    const [changeRow] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, id));
    expect(changeRow).toMatchObject({ kind: 'company', status: 'applied', priceReason: 'Geste commercial', totalAfterCents: 15000 });
  });

  it('refuses a change without its reason, blank or missing: a translated 400, nothing changed (decisions 12)', async () => {
    const id = await acceptedBooking(ownDay().at('16:00'));
    const before = await snapshot(id);
    const histories = (await db().select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id))).length;
    for (const [language, reason, text] of [
      ['fr', undefined, 'Ce champ est obligatoire'],
      ['en', '   ', 'This field is required'],
      ['ar', '', 'هذا الحقل مطلوب'],
    ] as const) {
      const payload = reason === undefined ? { message: 'Sans motif' } : { message: 'Sans motif', reason };
      const refused = await update(id, payload, language, admin.token, { withReason: false });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'reason', message: text }] });
    }
    expect(await snapshot(id)).toEqual(before);
    expect(await db().select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id))).toHaveLength(histories);
    expect(await mailsOf(db(), 'booking_changed', id)).toHaveLength(0);
  });

  it('refuses a past time, less than the lead time, a car too small, a completed or cancelled booking: a translated 4xx, nothing changed', async () => {
    const trip = ownDay();
    const id = await acceptedBooking(trip.at('15:00'));
    const before = await snapshot(id);
    const past = await update(id, { date: toParisDateTimeLocal(Date.now() - 86_400_000) }, 'ar');
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'date', message: expect.any(String) }] });
    const soon = await update(id, { date: parisLocalIn(60) }, 'en');
    expect(soon.statusCode).toBe(400);
    expect(soon.json().errors[0]).toMatchObject({ path: 'date', message: 'Booking is available at least 2 hours from now' });
    const crowd = await update(id, { carId: car.ford, passengers: { adults: 8, children: 0, childrenSeat: 0 } }, 'en');
    expect(crowd.statusCode).toBe(409);
    expect(crowd.json()).toMatchObject({ code: 'car_not_allowed' });
    expect((await update(id, { carId: 999_999 })).json()).toMatchObject({ code: 'car_not_exist' });
    expect(await snapshot(id)).toEqual(before);

    const cancelled = await pendingBooking(ctx.app, customer.token, car.vclass, { date: ownDay().at('10:00') });
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${cancelled}`, headers: bearer(customer.token) }), 200);
    const refused = await update(cancelled, { message: 'Trop tard' }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'invalid_transition', message: 'This booking cannot move to that state' });
    expect((await row(cancelled)).message).toBe('Deux valises');
    await db().update(bookings).set({ status: 'completed' }).where(eq(bookings.id, id));
    expect((await update(id, { message: 'Après la course' })).statusCode).toBe(409);
    expect((await row(id)).message).toBe('Deux valises');
    expect((await update(2_000_000, { message: 'x' })).statusCode).toBe(404);
  });

  it('once the outbound is picked up, moves only the return, until its own pickup (409 return_only, then invalid_transition)', async () => {
    const trip = ownDay();
    const id = await acceptedBooking(trip.at('07:00'));
    expectStatus(await update(id, { returnRent: true, returnDate: trip.at('19:00') }), 200);
    // The outbound was picked up an hour ago; the return is still ahead.
    await db().update(bookings).set({ pickupAt: sql`now() - interval '1 hour'` }).where(eq(bookings.id, id));
    const before = await snapshot(id);
    const { returnAt: returnBefore, returnRent } = await row(id);
    expect(returnRent).toBe(true);

    for (const body of [{ date: trip.at('08:00') }, { returnRent: false }, { returnDate: trip.at('21:00'), passengers: { adults: 3, children: 0, childrenSeat: 0 } }, { carId: car.ford }]) {
      const refused = await update(id, body, 'en');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'return_only', message: 'The outbound trip has started: only the return’s time and details, the message and the price can still be changed' });
    }
    expect(await snapshot(id)).toEqual(before);
    expect((await row(id)).returnAt).toEqual(returnBefore);

    const moved = await update(id, { returnDate: trip.at('21:30'), returnAddress: 'Terminal 2', reason: 'Vol retour retardé' });
    expectStatus(moved, 200);
    const after = await row(id);
    expect(toParisDateTimeLocal(after.returnAt!)).toBe(trip.at('21:30'));
    expect(after.returnAddress).toBe('Terminal 2');
    expect(after.pickupAt).toEqual(before.pickupAt);
    expect((await holdsOf(id)).find((hold) => hold.leg === 'return')).toBeDefined();
    const mails = await mailsOf(db(), 'booking_changed', id);
    expect(mails.at(-1)!.textBody).toMatch(/Retour : .*→/);

    // The customer's own changes stay closed once the trip has begun.
    expect((await change(id, { returnAddress: 'Terminal 1' })).json()).toMatchObject({ code: 'invalid_transition' });
    // The return picked up too: nothing changes any more.
    await db().update(bookings).set({ returnAt: sql`now() - interval '5 minutes'` }).where(eq(bookings.id, id));
    const late = await update(id, { returnAddress: 'Terminal 1' }, 'en');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'invalid_transition' });
    expect((await row(id)).returnAddress).toBe('Terminal 2');
  });

  it('refuses a car another booking holds then (409 car_busy) and a chauffeur on another trip (409 driver_busy)', async () => {
    const trip = ownDay();
    const first = await acceptedBooking(trip.at('08:00'));
    const second = await acceptedBooking(trip.at('14:00'));
    const before = await snapshot(second);
    const busy = await update(second, { date: trip.at('08:30') }, 'en');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'car_busy' });
    expect(await snapshot(second)).toEqual(before);

    const driverId = await addDriver('Luc Martin', 'luc.changes@example.test');
    const third = await acceptedBooking(trip.at('16:00'), car.ford);
    await admin200('PUT', `/api/booking/assign/${first}`, { driverId, carId: car.vclass });
    await admin200('PUT', `/api/booking/assign/${third}`, { driverId, carId: car.ford });
    const thirdBefore = await snapshot(third);
    const driverBusy = await update(third, { date: trip.at('08:15') }, 'fr');
    expect(driverBusy.statusCode).toBe(409);
    expect(driverBusy.json()).toMatchObject({ code: 'driver_busy', message: 'Ce chauffeur a déjà une course à cette heure' });
    expect(await snapshot(third)).toEqual(thirdBefore);
  });
});

describe('money after a change', () => {
  const refundRequests = () => stub.requests.filter((request) => request.method === 'POST' && request.path === '/v1/refunds');
  const paid = async (date: string) => {
    const id = await pendingBooking(ctx.app, customer.token, car.vclass, { date });
    const deposit = (await row(id)).depositCents!;
    const { sessionId } = await payDepositByCard(ctx.app, admin.token, id, {
      secret: WEBHOOK_SECRET,
      sign: (payload, secret) => signer.webhooks.generateTestHeaderString({ payload, secret }),
      amountCents: deposit,
    });
    expect((await row(id)).status).toBe('paid');
    return { id, deposit, sessionId };
  };

  it('a lower price gives back, once, the part of the card deposit beyond 20 % of the new price', async () => {
    const { id, deposit, sessionId } = await paid(ownDay().at('10:00'));
    const before = refundRequests().length;
    const response = await update(id, { priceCents: 5000, priceReason: 'Trajet raccourci' });
    expectStatus(response, 200);
    expect(response.json().data.change).toMatchObject({ refund_cents: deposit - 1000, amount_due_cents: 0 });
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const asked = refundRequests().slice(before);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.form.get('amount')).toBe(String(deposit - 1000));
    expect(asked[0]!.form.get('payment_intent')).toBe(`pi_for_${sessionId}`);
    const [changeRow] = await db().select().from(bookingChanges).where(eq(bookingChanges.bookingId, id));
    const [refundLine] = await refundsOf(db(), id);
    expect(refundLine).toMatchObject({ cause: 'change', changeId: changeRow!.id, amountCents: deposit - 1000, refundId: expect.stringMatching(/^re_stub_/) });
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund-${refundLine!.id}`);
    // The refund is a line like any other (decision 0121): in the drawer, on the customer's page, on the dashboard.
    const line = { method: 'stripe', amount_cents: deposit - 1000, status: 'refunded' };
    const details = await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) });
    expect(details.json().data.refunds).toMatchObject([line]);
    const own = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/details/${id}`, headers: bearer(customer.token) });
    expect(own.json().data.refunds).toMatchObject([line]);
    const dashboard = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer(admin.token) });
    expect(dashboard.json().data.refunds.recent).toContainEqual(expect.objectContaining({ bookingId: id, amountCents: deposit - 1000, status: 'refunded' }));
    expect(dashboard.json().data.refunds.thisMonthCents).toBeGreaterThanOrEqual(deposit - 1000);
    const [mail] = await mailsOf(db(), 'booking_changed', id);
    expect(mail!.textBody).toContain('La différence d’acompte de');
    expect(mail!.textBody).toContain('vous est remboursée');
    // The credit note that credits it is named, as a refund's mail names its own (decision 0162).
    const [creditNote] = await db().select().from(invoices).where(and(eq(invoices.bookingId, id), eq(invoices.kind, 'credit_note')));
    expect(creditNote).toMatchObject({ totalInclTaxCents: -(deposit - 1000) });
    expect(mail!.textBody).toContain(`L’avoir ${creditNote!.number} correspondant est disponible sur la page de votre réservation.`);
  });

  it('a cancellation after a lower price gives back only what the deposit still holds', async () => {
    const { id, deposit } = await paid(ownDay().at('10:00'));
    expectStatus(await update(id, { priceCents: 5000, priceReason: 'Trajet raccourci' }), 200);
    await ctx.app.jobs.runDue();
    const before = refundRequests().length;
    const cancel = (refund: number | string) =>
      ctx.app.inject({ method: 'PUT', url: `/api/booking/cancel/${id}`, headers: bearer(admin.token), payload: { reason: 'Vol annulé', refund } });
    const tooMuch = await cancel(deposit);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual([{ path: 'refund', message: 'Le remboursement ne peut pas dépasser ce qui a été payé' }]);
    expect((await row(id)).status).toBe('paid');
    const cancelled = await cancel('full');
    expectStatus(cancelled, 200);
    expect(cancelled.json().data).toMatchObject({ refundCents: 1000 });
    await ctx.app.jobs.runDue();
    const asked = refundRequests().slice(before);
    expect(asked.map((request) => request.form.get('amount'))).toEqual(['1000']);
  });

  it('a higher price on a paid booking leaves the deposit difference due; on an accepted one, a new deposit link', async () => {
    const { id, deposit } = await paid(ownDay().at('10:00'));
    const higher = await update(id, { priceCents: 50000, priceReason: 'Attente et détour' });
    expectStatus(higher, 200);
    expect(higher.json().data.change).toMatchObject({ amount_due_cents: 10000 - deposit, refund_cents: 0 });
    expect((await mailsOf(db(), 'booking_changed', id))[0]!.textBody).toContain('complément d’acompte');

    const accepted = await acceptedBooking(ownDay().at('10:00'));
    expectStatus(await update(accepted, { priceCents: 30000, priceReason: 'Véhicule premium' }), 200);
    const [mail] = await mailsOf(db(), 'booking_changed', accepted);
    const link = /\/checkout\?id=\d+&token=([\w%-]+)/.exec(mail!.textBody);
    expect(link).not.toBeNull();
    expect(decodeURIComponent(link![1]!)).not.toBe(decodeURIComponent(/\/checkout\?id=\d+&token=([\w%-]+)/.exec((await mailsOf(db(), 'booking_accepted', accepted))[0]!.textBody)![1]!));
    expect(await row(accepted)).toMatchObject({ totalCents: 30000, depositCents: 6000 });
  });
});

describe('the customer changes their booking (PUT /user/booking/change/{id})', () => {
  it('more than 48 h before pickup, a change that keeps price and car is applied at once and the company told', async () => {
    const trip = ownDay();
    const id = await acceptedBooking(trip.at('10:00'));
    const response = await change(id, { date: trip.at('10:45'), flightNumber: 'U2 4567', passengers: { adults: 3, children: 0, childrenSeat: 0 } });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ message: 'Votre réservation a été modifiée', data: { outcome: 'applied', calendar_sequence: 1, voucher_version: 2 } });
    expect(await row(id)).toMatchObject({ flightNumber: 'U24567', adults: 3 });
    const [company] = await mailsOf(db(), 'booking_changed_company', id);
    expect(company!.textBody).toContain('Camille Martin a modifié sa réservation');
    expect(company!.textBody).toContain('Vol : AF7700 → U24567');
    expect((await lastHistory(id))).toMatchObject({ actorKind: 'customer', reason: 'changed_by_customer' });
  });

  it('a change that moves the price becomes a request: the company accepts it in the drawer, the customer is mailed', async () => {
    // Christmas Day is a holiday: the surcharge moves the price.
    const trip = { at: (hour: string) => `${NEXT_YEAR}-12-${hour === '10:00' ? '24' : '25'}T${hour}` };
    const id = await acceptedBooking(trip.at('10:00'));
    const before = await snapshot(id);
    const asked = await change(id, { date: trip.at('22:00'), message: 'Dîner prolongé' });
    expectStatus(asked, 200);
    expect(asked.json()).toMatchObject({ message: 'Votre demande de modification a été envoyée à la société', data: { outcome: 'requested', change: { status: 'pending' } } });
    expect(await snapshot(id)).toEqual(before);
    expect((await mailsOf(db(), 'change_requested', id))[0]!.textBody).toMatch(/Prise en charge : .*10:00 → .*22:00/);
    expect((await mailsOf(db(), 'change_requested_company', id))[0]!.textBody).toContain('Camille Martin demande à modifier sa réservation');
    const again = await change(id, { message: 'Encore' }, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'change_request_pending' });

    const list = await ctx.app.inject({ method: 'GET', url: `/api/booking/changes/${id}`, headers: bearer(admin.token) });
    expect(list.json().data.changes[0]).toMatchObject({ kind: 'request', status: 'pending', lines: expect.arrayContaining([expect.objectContaining({ field: 'pickup' }), expect.objectContaining({ field: 'price' })]) });
    const accepted = await ctx.app.inject({ method: 'PUT', url: `/api/booking/change-request/accept/${id}`, headers: bearer(admin.token), payload: {} });
    expectStatus(accepted, 200);
    expect(accepted.json()).toMatchObject({ message: 'Demande acceptée : la réservation est modifiée et le client prévenu', data: { outcome: 'applied', change: { status: 'accepted' } } });
    expect(toParisDateTimeLocal((await row(id)).pickupAt)).toBe(trip.at('22:00'));
    const [mail] = await mailsOf(db(), 'booking_changed', id);
    expect(mail!.textBody).toContain('La société a accepté votre demande de modification');
    expect(mail!.attachments[0]!.content).toContain('SEQUENCE:1');
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/booking/change-request/accept/${id}`, headers: bearer(admin.token), payload: {} })).json()).toMatchObject({
      code: 'change_request_not_found',
    });
  });

  it('a party the car cannot take is a request too; refused, the customer is told why and nothing changes', async () => {
    const id = await acceptedBooking(ownDay().at('10:00'), car.ford);
    const before = await snapshot(id);
    const asked = await change(id, { passengers: { adults: 7, children: 0, childrenSeat: 0 } });
    expect(asked.json()).toMatchObject({ data: { outcome: 'requested', change: { needs_other_car: true } } });
    expect((await mailsOf(db(), 'change_requested_company', id))[0]!.textBody).toContain('La voiture réservée ne convient pas');
    const refused = await ctx.app.inject({ method: 'PUT', url: `/api/booking/change-request/refuse/${id}`, headers: bearer(admin.token), payload: { reason: 'Aucun van libre ce jour-là' } });
    expectStatus(refused, 200);
    expect(await snapshot(id)).toEqual(before);
    const [mail] = await mailsOf(db(), 'change_refused', id);
    expect(mail!.textBody).toContain('Motif : Aucun van libre ce jour-là');
    expect((await lastHistory(id)).reason).toBe('change_request_refused — Aucun van libre ce jour-l\u00e0');
  });

  it('adds, moves and drops the return from "Mes réservations": a new price is a request, the same price is applied at once (decision 0178)', async () => {
    const trip = ownDay();
    const id = await acceptedBooking(trip.at('10:00'));
    const oneWay = (await row(id)).totalCents!;
    // Adding the return doubles the price: the company is asked.
    const added = await change(id, { returnRent: true, returnDate: trip.at('17:00') });
    expectStatus(added, 200);
    expect(added.json()).toMatchObject({ data: { outcome: 'requested' } });
    expect((await row(id)).returnRent).toBe(false);
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/change-request/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);
    expect(await row(id)).toMatchObject({ returnRent: true, totalCents: oneWay * 2 });
    // Moving it within the day's tariff keeps the price: applied at once, the return's reminder and calendar follow.
    const moved = await change(id, { returnDate: trip.at('17:45') });
    expect(moved.json()).toMatchObject({ data: { outcome: 'applied' } });
    expect(toParisDateTimeLocal((await row(id)).returnAt!)).toBe(trip.at('17:45'));
    // A return before the outbound is refused on its field; dropping the return asks the company again.
    const before = await change(id, { returnDate: trip.at('09:00') }, 'en');
    expect(before.statusCode).toBe(400);
    expect(before.json().errors[0]).toMatchObject({ path: 'returnDate' });
    expect((await change(id, { returnRent: false })).json()).toMatchObject({ data: { outcome: 'requested' } });
    expect((await row(id)).returnRent).toBe(true);
  });

  it('changes the places from "Mes réservations": a new destination that moves the price is a request; an unknown place a translated 400 (decision 0178)', async () => {
    const trip = ownDay();
    const id = await acceptedBooking(trip.at('11:00'));
    const before = await snapshot(id);
    const unknown = await change(id, { destination: { title: 'Nulle part du tout', type: 'airport' } }, 'en');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatchObject({ path: 'destination' });
    expect(await snapshot(id)).toEqual(before);
    const farther = await change(id, { destination: { title: 'Aéroport Nice Côte d’Azur', type: 'airport', placeId: 'airport-nice-cote-d-azur' }, stop: [{ title: 'Cannes', type: 'address', placeId: 'city-cannes' }] });
    expectStatus(farther, 200);
    expect(farther.json()).toMatchObject({ data: { outcome: 'requested' } });
    expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/change-request/accept/${id}`, headers: bearer(admin.token), payload: {} }), 200);
    const [stored] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(stored).toMatchObject({ rentToType: 'airport' });
    expect(stored!.totalCents).not.toBe(before.totalCents);
  });

  it('refuses fields that are the company’s, and another customer’s booking', async () => {
    const id = await acceptedBooking(ownDay().at('10:00'));
    const response = await change(id, { carId: car.ford, priceCents: 100, priceReason: 'moi' }, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: expect.arrayContaining([{ path: 'carId', message: 'This field cannot be changed from your account: please contact us' }]),
    });
    const stranger = await registerUser(ctx.app, { fullName: 'Other Person' });
    expect((await change(id, { message: 'x' }, 'en', stranger.token)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/user/booking/change/${id}`, headers: bearer(stranger.token) })).statusCode).toBe(404);
    expect((await update(id, { message: 'x' }, 'en', customer.token)).statusCode).toBe(403);
  });

  it('within 48 h of pickup (the clock moved) only the flight or train number and the message change', async () => {
    const pickupAt = new Date(Date.now() + 10 * 86_400_000);
    pickupAt.setUTCMinutes(0, 0, 0);
    const id = await acceptedBooking(toParisDateTimeLocal(pickupAt), car.ford);
    const login = async () =>
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: customer.user.email, password: PASSWORD } })).json().token as string;
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(pickupAt.getTime() - 48 * 3_600_000 - 60_000);
    let token = await login();
    const scope = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/change/${id}`, headers: bearer(token) });
    expect(scope.json().data.scope).toBe('full');

    vi.setSystemTime(pickupAt.getTime() - 48 * 3_600_000 + 60_000);
    token = await login();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/user/booking/change/${id}`, headers: bearer(token) })).json().data.scope).toBe('late');
    const before = await snapshot(id);
    const late = await change(id, { passengers: { adults: 1, children: 0, childrenSeat: 0 } }, 'en', token);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'change_too_late', message: 'Less than 48 hours before pickup, only the flight or train number and the message can be changed' });
    expect(await snapshot(id)).toEqual(before);
    const flight = await change(id, { flightNumber: 'AF 1234', message: 'Vol décalé' }, 'fr', token);
    expectStatus(flight, 200);
    expect(flight.json().data.outcome).toBe('applied');
    expect(await row(id)).toMatchObject({ flightNumber: 'AF1234', message: 'Vol décalé' });

    vi.setSystemTime(pickupAt.getTime() + 60_000);
    token = await login();
    expect((await change(id, { message: 'En route' }, 'fr', token)).statusCode).toBe(409);
  });
});
