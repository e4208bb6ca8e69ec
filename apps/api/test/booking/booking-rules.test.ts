import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateRoadDistanceKm } from '@vtc/shared/places/distance';
import { findFixedPlace } from '@vtc/shared/places/fixed-places';
import { bookings, bookingStatusHistory, bookingTokens, mailOutbox, payments } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import {
  bookingPayload,
  chooseCar,
  confirmPayload,
  confirmBooking,
  createBooking,
  demoCars,
  expectStatus,
  mailsOf,
  NEXT_YEAR,
  parisLocalIn,
  pendingBooking,
  pickupPassed,
} from './booking-helpers.ts';

type ErrorBody = { message: string; code: string; errors?: { path: string; message: string }[] };

describe('booking rules', () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carIds: { vclass: number; ford: number };

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    customer = await registerUser(ctx.app);
    other = await registerUser(ctx.app, { fullName: 'Autre Client' });
    admin = await loginAdmin(ctx.app, ctx.database);
  });
  afterAll(async () => ctx.close());

  const add = (payload: Record<string, unknown>, headers: Record<string, string> = bearer(customer.token)) =>
    ctx.app.inject({ method: 'POST', url: '/api/user/booking/add', headers: { ...headers, 'accept-language': 'en' }, payload: bookingPayload(payload) });

  describe('step one', () => {
    it('gives a visitor a quote with its own token, and a signed-in user a draft without one', async () => {
      const visitor = await add({}, {});
      expect(visitor.statusCode).toBe(201);
      expect(visitor.json()).toMatchObject({ isBooked: true, bookingId: expect.any(Number), quoteToken: expect.stringMatching(/^[\w-]{43}$/) });
      const signedIn = await add({ date: `${NEXT_YEAR}-03-11T10:00` });
      expect(signedIn.statusCode).toBe(201);
      expect(signedIn.json()).not.toHaveProperty('quoteToken');
    });

    it('refuses a pickup less than 2 hours ahead, judged on Paris clocks', async () => {
      // 90 minutes ahead in Paris is still 2.5 hours or more ahead if misread as UTC wall time.
      const late = await add({ date: parisLocalIn(90) });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({
        message: 'Some information is invalid',
        code: 'validation_failed',
        errors: [{ path: 'date', message: 'Booking is available at least 2 hours from now' }],
      });
      expect((await add({ date: parisLocalIn(125) })).statusCode).toBe(201);
    });

    it('refuses a sixth stop and places it cannot locate, field by field', async () => {
      const stop = (title: string) => ({ title, placeId: 'city-cannes' });
      const six = await add({ stop: JSON.stringify(Array.from({ length: 6 }, (_, i) => stop(`Cannes ${i}`))) });
      expect(six.statusCode).toBe(400);
      expect((six.json() as ErrorBody).errors).toEqual([{ path: 'stop', message: '5 stops at most' }]);

      const nowhere = await add({ origin: { title: 'Zzyzx Road 42', type: 'address' } });
      expect(nowhere.statusCode).toBe(400);
      expect((nowhere.json() as ErrorBody).errors).toEqual([{ path: 'origin', message: 'Unknown place, please choose it from the list' }]);
      const badStop = await add({ stop: [{ title: 'Cannes', placeId: 'city-cannes' }, { title: 'Qqqq Xxxx' }] });
      expect((badStop.json() as ErrorBody).errors).toEqual([{ path: 'stop.1', message: 'Unknown place, please choose it from the list' }]);
      const unknownAirport = await add({ rentToType: 'airport', destination: 'Orly' });
      expect((unknownAirport.json() as ErrorBody).errors?.[0]).toMatchObject({ path: 'destination' });
    });

    it('places addresses by the server, never by the client’s coordinates, by their town, and routes through the stops in order', async () => {
      // Coordinates of Nice sent with "Paris": the server places Paris and prices that distance.
      const byCoordinates = await createBooking(ctx.app, customer.token, { origin: { title: 'Paris', lat: 43.7102, lon: 7.262, type: 'address' } });
      const coordinatesOnly = await add({ origin: { title: 'Villa Les Cèdres', lat: 43.6833, lon: 7.3317 } });
      expect(coordinatesOnly.statusCode).toBe(400);
      expect((coordinatesOnly.json() as ErrorBody).errors).toEqual([{ path: 'origin', message: 'Unknown place, please choose it from the list' }]);
      const byTown = await createBooking(ctx.app, customer.token, { origin: '8 avenue de Verdun, 06400 Cannes' });
      const viaStops = await createBooking(ctx.app, customer.token, {
        origin: { title: 'Aéroport Nice Côte d’Azur', type: 'airport' },
        stop: JSON.stringify([{ id: 'a', title: 'Cannes', placeId: 'city-cannes' }, { id: 'b', title: 'Antibes' }]),
        destination: { title: 'Monaco', placeId: 'city-monaco' },
      });
      const rows = await ctx.database.db.select().from(bookings);
      const byId = (id: number) => rows.find((row) => row.id === id)!;
      const paris = byId(byCoordinates);
      expect(paris.origin).toMatchObject({ title: 'Paris', type: 'address', country: 'FR' });
      expect(paris.origin.lat).toBeCloseTo(48.85, 1);
      expect(paris.distanceKm).toBeGreaterThan(600);
      expect(byId(byTown).distanceKm).toBeGreaterThan(35);
      const airport = findFixedPlace('airport-nice-cote-d-azur')!;
      const cannes = findFixedPlace('city-cannes')!;
      const monaco = findFixedPlace('city-monaco')!;
      const via = byId(viaStops);
      expect(via.origin).toMatchObject({ type: 'airport', placeId: 'airport-nice-cote-d-azur', lat: airport.lat });
      expect(via.rentFromType).toBe('airport');
      expect(via.distanceKm).toBeGreaterThan(estimateRoadDistanceKm([airport, cannes, monaco]));

      const stepTwo = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${viaStops}`, headers: bearer(customer.token) });
      const { booking, cars } = stepTwo.json() as { booking: { stops: { title: string }[] }; cars: { source?: string }[] };
      expect(booking.stops.map((s) => s.title)).toEqual(['Cannes', 'Antibes']);
      // A trip with stops is not the listed Nice -> Monaco route: it is priced by distance.
      expect(cars.every((car) => car.source === 'pricing')).toBe(true);
    });
  });

  describe('prices', () => {
    it('prices by season, km band and night rate when no route is listed', async () => {
      const id = await createBooking(ctx.app, customer.token, {
        origin: { title: 'Aéroport Nice Côte d’Azur', type: 'airport' },
        destination: { title: 'Toulon', placeId: 'city-toulon' },
        rentFromType: 'airport',
        date: `${NEXT_YEAR}-10-06T21:30`,
      });
      const km = estimateRoadDistanceKm([findFixedPlace('airport-nice-cote-d-azur')!, findFixedPlace('city-toulon')!]);
      const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(customer.token) });
      const { booking, cars } = response.json() as { booking: { distance_km: number }; cars: { id: number; price_cents: number; night: boolean; source: string }[] };
      expect(booking.distance_km).toBe(km);
      // Autumn, band 100 km and more, night: 2.60 €/km (V-class) and 2.30 €/km (Ford), in whole euros (decisions 3.3).
      expect(cars.find((c) => c.id === carIds.vclass)).toMatchObject({ night: true, source: 'pricing', price_cents: Math.round(2.6 * km) * 100 });
      expect(cars.find((c) => c.id === carIds.ford)).toMatchObject({ price_cents: Math.round(2.3 * km) * 100 });
    });

    it('matches a listed route by the city of an airport', async () => {
      const id = await createBooking(ctx.app, customer.token, {
        origin: { title: "Nice Côte d'Azur Airport", type: 'airport' },
        rentFromType: 'airport',
        destination: 'Cannes',
      });
      const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(customer.token) });
      const { cars } = response.json() as { cars: { id: number; price_cents: number; source: string }[] };
      expect(cars.find((c) => c.id === carIds.vclass)).toMatchObject({ source: 'price_list', price_cents: 10500 });
    });
  });

  describe('step two', () => {
    it('greys out and refuses a car too small for the party, and an unknown car', async () => {
      const id = await createBooking(ctx.app, customer.token, { passengers: JSON.stringify({ adults: 5, children: 0, childrenSeat: 0 }) });
      const stepTwo = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(customer.token) });
      const { cars } = stepTwo.json() as { cars: { id: number; allowed: boolean; reason?: string; price_cents?: number }[] };
      expect(cars.find((c) => c.id === carIds.ford)).toMatchObject({ allowed: false, reason: 'car_not_allowed' });
      expect(cars.find((c) => c.id === carIds.ford)?.price_cents).toBeUndefined();
      expect(cars.find((c) => c.id === carIds.vclass)).toMatchObject({ allowed: true });

      const refused = await chooseCar(ctx.app, customer.token, id, carIds.ford);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'car_not_allowed' });
      const unknown = await chooseCar(ctx.app, customer.token, id, 999_999);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'car_not_exist' });
      const mismatch = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/booking/update-car/${id}/${carIds.vclass}`,
        headers: bearer(customer.token),
        payload: { bookingId: id, carId: carIds.ford },
      });
      expect(mismatch.statusCode).toBe(400);
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: 'draft', carId: null });
    });

    it('lets the customer change the car before confirming, without a second transition', async () => {
      const id = await createBooking(ctx.app, customer.token);
      expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.ford), 200);
      const changed = await chooseCar(ctx.app, customer.token, id, carIds.vclass);
      expect(changed.json()).toMatchObject({ data: { status: 'car_selected', car_id: carIds.vclass, price_cents: 9500 } });
      const history = await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id));
      expect(history.map((h) => h.toStatus)).toEqual(['draft', 'car_selected']);
    });
  });

  describe('step three phone', () => {
    it('refuses a phone no chauffeur can call, in the language asked, and stores a good one in E.164', async () => {
      const id = await createBooking(ctx.app, customer.token);
      expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.vclass), 200);
      for (const [phone, language, text] of [
        ['12', 'fr', 'Numéro de téléphone invalide : vérifiez le pays et le nombre de chiffres'],
        ['+33 1234', 'ar', 'رقم الهاتف غير صالح: تحقق من البلد وعدد الأرقام'],
      ] as const) {
        const refused = await ctx.app.inject({
          method: 'PUT',
          url: `/api/user/booking/update-booking-info/${id}`,
          headers: { ...bearer(customer.token), 'accept-language': language },
          payload: confirmPayload(id, { phone }),
        });
        expect(refused.statusCode).toBe(400);
        expect((refused.json() as ErrorBody).errors).toEqual([{ path: 'phone', message: text }]);
      }
      const [unchanged] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(unchanged?.status).not.toBe('pending');

      expectStatus(await confirmBooking(ctx.app, customer.token, id, { phone: '04 93 12 34 56' }), 200);
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row?.phone).toBe('+33493123456');
    });
  });

  describe('ownership', () => {
    it('answers 404 for another user’s booking on every route, and lets an admin read it', async () => {
      const id = await createBooking(ctx.app, customer.token);
      const asOther = bearer(other.token);
      const attempts = [
        ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: asOther }),
        ctx.app.inject({ method: 'PUT', url: `/api/user/booking/update-car/${id}/${carIds.vclass}`, headers: asOther, payload: { bookingId: id, carId: carIds.vclass } }),
        ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${id}`, headers: asOther }),
        confirmBooking(ctx.app, other.token, id),
        ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: asOther }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'booking_not_found' });
      }
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: 'draft', carId: null });
      const mine = await ctx.app.inject({ method: 'GET', url: '/api/user/booking/getAll', headers: asOther });
      expect((mine.json() as { data: { id: number }[] }).data.map((b) => b.id)).not.toContain(id);
      const asAdmin = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(admin.token) });
      expect(asAdmin.statusCode).toBe(200);
    });
  });

  describe('life cycle', () => {
    it('refuses moves off the path with 409 invalid_transition', async () => {
      const draft = await createBooking(ctx.app, customer.token);
      const early = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${draft}`, headers: bearer(customer.token) });
      expect(early.statusCode).toBe(409);
      expect((await confirmBooking(ctx.app, customer.token, draft)).statusCode).toBe(409);
      const accept = await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${draft}`, headers: bearer(admin.token) });
      expect(accept.statusCode).toBe(409);
      expect(accept.json()).toMatchObject({ code: 'invalid_transition' });

      // Days of their own: a pending booking holds its car (decision 0070).
      const pending = await pendingBooking(ctx.app, customer.token, carIds.vclass, { date: `${NEXT_YEAR}-03-20T10:00` });
      expect((await chooseCar(ctx.app, customer.token, pending, carIds.ford)).statusCode).toBe(409);
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/booking/complete/${pending}`, headers: bearer(admin.token) })).statusCode).toBe(409);
      const rejected = await ctx.app.inject({
        method: 'PUT',
        url: `/api/booking/reject/${pending}`,
        headers: bearer(admin.token),
        payload: { reason: 'Aucun chauffeur disponible' },
      });
      expect(rejected.json()).toMatchObject({ message: 'Réservation refusée', data: { status: 'rejected' } });
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${pending}`, headers: bearer(admin.token) })).statusCode).toBe(409);
      expect((await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${pending}`, headers: bearer(customer.token) })).statusCode).toBe(409);
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, pending));
      expect(row).toMatchObject({ status: 'rejected', rejectionReason: 'Aucun chauffeur disponible' });
      const [mail] = await mailsOf(ctx.database.db, 'booking_rejected', pending);
      expect(mail?.textBody).toContain('Aucun chauffeur disponible');
    });

    it('checks the 2-hour lead time again at steps two and three, without a transition or a mail', async () => {
      const db = ctx.database.db;
      const soon = new Date(Date.now() + 30 * 60_000);
      const draft = await createBooking(ctx.app, customer.token);
      await db.update(bookings).set({ pickupAt: soon }).where(eq(bookings.id, draft));
      const car = await chooseCar(ctx.app, customer.token, draft, carIds.vclass);
      expect(car.statusCode).toBe(400);
      expect((car.json() as ErrorBody).errors).toEqual([{ path: 'date', message: 'La réservation n’est possible qu’au moins 2 heures à l’avance' }]);

      const selected = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-03-21T10:00` });
      expectStatus(await chooseCar(ctx.app, customer.token, selected, carIds.vclass), 200);
      await db.update(bookings).set({ pickupAt: soon }).where(eq(bookings.id, selected));
      const confirm = await confirmBooking(ctx.app, customer.token, selected);
      expect(confirm.statusCode).toBe(400);
      expect((confirm.json() as ErrorBody).errors).toEqual([{ path: 'date', message: 'La réservation n’est possible qu’au moins 2 heures à l’avance' }]);
      // Even after the pickup.
      await db.update(bookings).set({ pickupAt: new Date(Date.now() - 60 * 60_000) }).where(eq(bookings.id, selected));
      expect((await confirmBooking(ctx.app, customer.token, selected)).statusCode).toBe(400);

      const rows = await db.select().from(bookings);
      expect(rows.find((r) => r.id === draft)).toMatchObject({ status: 'draft', carId: null });
      expect(rows.find((r) => r.id === selected)).toMatchObject({ status: 'car_selected' });
      for (const id of [draft, selected]) {
        const history = await db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id));
        expect(history.map((h) => h.toStatus)).toEqual(id === draft ? ['draft'] : ['draft', 'car_selected']);
        expect(await mailsOf(db, 'booking_received', id)).toHaveLength(0);
        expect(await mailsOf(db, 'booking_new_company', id)).toHaveLength(0);
      }
    });

    it('confirms step three once: a pending booking keeps the price and details the company was sent', async () => {
      const db = ctx.database.db;
      const id = await pendingBooking(ctx.app, customer.token, carIds.vclass, { date: `${NEXT_YEAR}-03-22T10:00` });
      const [before] = await db.select().from(bookings).where(eq(bookings.id, id));
      const again = await confirmBooking(ctx.app, customer.token, id, { returnRent: true, date: `${NEXT_YEAR}-03-12T10:00`, flightNumber: 'XX1' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'invalid_transition' });
      const stepThree = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${id}`, headers: bearer(customer.token) });
      expect(stepThree.statusCode).toBe(409);
      const [after] = await db.select().from(bookings).where(eq(bookings.id, id));
      expect(after).toMatchObject({ status: 'pending', returnRent: false, flightNumber: before!.flightNumber, totalCents: before!.totalCents });
      expect(await mailsOf(db, 'booking_new_company', id)).toHaveLength(1);
    });

    it('keeps the return after the pickup', async () => {
      // A day of its own: the bookings above hold the car on the default day (decision 0070).
      const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-03-11T10:00` });
      expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.vclass), 200);
      const before = await confirmBooking(ctx.app, customer.token, id, { returnRent: true, date: `${NEXT_YEAR}-03-11T09:00` });
      expect(before.statusCode).toBe(400);
      expect((before.json() as ErrorBody).errors).toEqual([{ path: 'date', message: 'La date de retour doit être postérieure à la date de départ' }]);
    });

    it('gives one transition and one pair of mails for 20 concurrent confirmations', async () => {
      const id = await createBooking(ctx.app, customer.token, { date: `${NEXT_YEAR}-03-12T10:00` });
      expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.vclass), 200);
      const responses = await Promise.all(Array.from({ length: 20 }, () => confirmBooking(ctx.app, customer.token, id)));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(19);
      expect(responses.filter((r) => (r.json() as { message: string }).message === 'Votre demande de réservation a été envoyée')).toHaveLength(1);
      const db = ctx.database.db;
      const history = await db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id));
      expect(history.filter((h) => h.toStatus === 'pending')).toHaveLength(1);
      expect(await mailsOf(db, 'booking_received', id)).toHaveLength(1);
      expect(await mailsOf(db, 'booking_new_company', id)).toHaveLength(1);
      const tokens = await db.select().from(bookingTokens).where(and(eq(bookingTokens.bookingId, id), eq(bookingTokens.purpose, 'decision')));
      expect(tokens).toHaveLength(1);
    });
  });

  describe('cancellation', () => {
    it('is free more than 48 hours before pickup and tells only the customer of an unconfirmed booking', async () => {
      const id = await createBooking(ctx.app, customer.token);
      const response = await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: bearer(customer.token) });
      expect(response.json()).toEqual({ message: 'Réservation annulée', data: { id, status: 'cancelled', free: true, depositKept: false, refunded: false } });
      const [entry] = (await ctx.database.db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id))).filter(
        (h) => h.toStatus === 'cancelled',
      );
      expect(entry).toMatchObject({ fromStatus: 'draft', reason: 'free_cancellation', actorKind: 'customer' });
      expect(await mailsOf(ctx.database.db, 'booking_cancelled', id)).toHaveLength(1);
      expect(await mailsOf(ctx.database.db, 'booking_cancelled_company', id)).toHaveLength(0);
      const again = await ctx.app.inject({ method: 'PUT', url: `/api/user/booking/cancel/${id}`, headers: bearer(customer.token) });
      expect(again.statusCode).toBe(409);
    });

    it('keeps a paid deposit within 48 hours of pickup and retires the links already sent', async () => {
      const id = await pendingBooking(ctx.app, customer.token, carIds.vclass, { date: parisLocalIn(24 * 60) });
      const db = ctx.database.db;
      // The deposit arrived (a card payment is covered by the flow test).
      await db.update(bookings).set({ status: 'paid' }).where(eq(bookings.id, id));
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/user/booking/cancel/${id}`,
        headers: { ...bearer(customer.token), 'accept-language': 'en' },
      });
      expect(response.json()).toEqual({
        message: 'Booking cancelled less than 48 hours before pickup: the deposit is kept',
        data: { id, status: 'cancelled', free: false, depositKept: true, refunded: false },
      });
      const history = await db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id));
      expect(history.at(-1)).toMatchObject({ fromStatus: 'paid', toStatus: 'cancelled', reason: 'late_cancellation_deposit_kept' });
      const tokens = await db.select().from(bookingTokens).where(eq(bookingTokens.bookingId, id));
      expect(tokens.every((t) => t.usedAt !== null)).toBe(true);
      expect(await mailsOf(db, 'booking_cancelled_company', id)).toHaveLength(1);
    });
  });

  describe('deposit without Stripe keys', () => {
    it('says card payment is not configured and takes cash, once', async () => {
      const id = await pendingBooking(ctx.app, customer.token, carIds.ford);
      expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token) }), 200);
      const [mail] = await mailsOf(ctx.database.db, 'booking_accepted', id);
      const token = decodeURIComponent(/checkout\?id=\d+&token=([\w%-]+)/.exec(mail!.textBody)![1]!);

      const checkout = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id, token } });
      expect(checkout.json()).toMatchObject({ data: { stripeEnabled: false, deposit_cents: 1600, total_cents: 8000 } });
      const card = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/stripe/${id}`, headers: { 'accept-language': 'en' }, payload: { id, token } });
      expect(card.statusCode).toBe(503);
      expect(card.json()).toEqual({ message: 'Card payment is not available at the moment', code: 'payment_not_configured' });
      const webhook = await ctx.app.inject({ method: 'POST', url: '/api/booking/payment/webhook', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(webhook.statusCode).toBe(503);

      const cash = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/cash/${id}`, payload: { id, token } });
      expectStatus(cash, 200);
      expect(cash.json()).toEqual({ message: 'C’est noté : vous réglerez l’acompte en espèces au chauffeur' });
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: 'accepted', paymentMethod: 'cash' });
      const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.bookingId, id));
      expect(payment).toMatchObject({ method: 'cash', status: 'pending', amountCents: 1600 });
      for (const path of ['checkout', 'cash', 'stripe']) {
        const reused = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/${path}/${id}`, payload: { id, token } });
        expect(reused.statusCode).toBe(404);
      }
      const missing = await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/checkout/${id}`, payload: { id } });
      expect(missing.statusCode).toBe(400);
    });
  });

  describe('cash deposit received (admin)', () => {
    let acceptedDay = 13;
    /** On a day of its own each: one booking holds the car at a time (decision 0070). */
    const acceptedBooking = async () => {
      acceptedDay += 1;
      const id = await pendingBooking(ctx.app, customer.token, carIds.ford, { date: `${NEXT_YEAR}-03-${acceptedDay}T10:00` });
      expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(admin.token) }), 200);
      const [mail] = await mailsOf(ctx.database.db, 'booking_accepted', id);
      return { id, token: decodeURIComponent(/checkout\?id=\d+&token=([\w%-]+)/.exec(mail!.textBody)![1]!) };
    };
    const received = (id: number, token = admin.token) =>
      ctx.app.inject({ method: 'PUT', url: `/api/booking/deposit-received/${id}`, headers: { ...bearer(token), 'accept-language': 'en' } });

    it('moves an accepted cash booking to paid, marks the cash payment received and mails both sides, then it can be completed', async () => {
      const db = ctx.database.db;
      const { id, token } = await acceptedBooking();
      expectStatus(await ctx.app.inject({ method: 'POST', url: `/api/booking/payment/cash/${id}`, payload: { id, token } }), 200);
      const forbidden = await received(id, customer.token);
      expect(forbidden.statusCode).toBe(403);

      const response = await received(id);
      expectStatus(response, 200);
      expect(response.json()).toEqual({ message: 'Deposit received, thank you', data: { id, status: 'paid' } });
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: 'paid', paymentMethod: 'cash' });
      const [payment] = await db.select().from(payments).where(eq(payments.bookingId, id));
      expect(payment).toMatchObject({ method: 'cash', status: 'succeeded', amountCents: 1600 });
      expect(payment!.paidAt).toBeInstanceOf(Date);
      const history = await db.select().from(bookingStatusHistory).where(eq(bookingStatusHistory.bookingId, id));
      expect(history.at(-1)).toMatchObject({ fromStatus: 'accepted', toStatus: 'paid', actorKind: 'admin', actorUserId: admin.user.id });
      expect(await mailsOf(db, 'deposit_paid', id)).toHaveLength(1);
      expect(await mailsOf(db, 'deposit_paid_company', id)).toHaveLength(1);

      expect((await received(id)).statusCode).toBe(409);
      expect(await mailsOf(db, 'deposit_paid', id)).toHaveLength(1);
      await pickupPassed(db, id);
      expectStatus(await ctx.app.inject({ method: 'PUT', url: `/api/booking/complete/${id}`, headers: bearer(admin.token) }), 200);
    });

    it('refuses a booking that is not a cash deposit, and a user', async () => {
      const { id } = await acceptedBooking();
      // The customer chose card at step three and has not paid yet.
      const response = await received(id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'invalid_transition' });
      const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row).toMatchObject({ status: 'accepted', paymentMethod: 'stripe' });
      expect(await mailsOf(ctx.database.db, 'deposit_paid', id)).toHaveLength(0);
      expect((await received(id, customer.token)).statusCode).toBe(403);
    });
  });

  describe('admin list', () => {
    it('pages newest first by cursor, filters by status and searches by number, e-mail or name', async () => {
      const db = ctx.database.db;
      const searched = await registerUser(ctx.app, { fullName: 'Zoé Findable', email: `findable-${Date.now()}@example.test` });
      const ids = [await createBooking(ctx.app, searched.token), await createBooking(ctx.app, searched.token), await pendingBooking(ctx.app, searched.token, carIds.vclass, { date: `${NEXT_YEAR}-03-13T10:00` })];

      const seen: number[] = [];
      let after: string | null = null;
      do {
        const url: string = `/api/booking/getAll?limit=3${after ? `&after=${after}` : ''}`;
        const page = await ctx.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
        expectStatus(page, 200);
        const body = page.json() as { data: { id: number }[]; nextCursor: string | null };
        expect(body.data.length).toBeLessThanOrEqual(3);
        seen.push(...body.data.map((b) => b.id));
        after = body.nextCursor;
      } while (after);
      // Visitors' quotes nobody has claimed have no customer yet: the back office does not list them (decision 0092).
      const all = await db.select({ id: bookings.id, createdAt: bookings.createdAt }).from(bookings).where(isNotNull(bookings.userId));
      const expected = all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((b) => b.id);
      expect(seen).toEqual(expected);

      const query = async (q: string) => {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/booking/getAll?${q}`, headers: bearer(admin.token) });
        expectStatus(response, 200);
        return (response.json() as { data: { id: number; status: string; customer: { fullName: string } }[] }).data;
      };
      expect((await query(`q=${encodeURIComponent(searched.user.email.slice(0, 12).toUpperCase())}`)).map((b) => b.id)).toEqual([...ids].reverse());
      expect((await query('q=zoé%20find')).map((b) => b.id)).toEqual([...ids].reverse());
      expect((await query(`q=%23${ids[1]}`)).map((b) => b.id)).toEqual([ids[1]]);
      expect(await query('q=nobody-has-this-name')).toEqual([]);
      const pendingOnly = await query('status=pending&limit=100');
      expect(pendingOnly.every((b) => b.status === 'pending')).toBe(true);
      expect(pendingOnly.map((b) => b.id)).toContain(ids[2]);

      expect((await ctx.app.inject({ method: 'GET', url: '/api/booking/getAll' })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/booking/getAll', headers: bearer(customer.token) })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/booking/getAll?after=garbage', headers: bearer(admin.token) })).statusCode).toBe(400);

      const own = await ctx.app.inject({ method: 'GET', url: '/api/user/booking/getAll', headers: bearer(searched.token) });
      expect((own.json() as { data: { id: number }[] }).data.map((b) => b.id)).toEqual([...ids].reverse());
      const outbox = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'booking_new_company'));
      expect(outbox.length).toBeGreaterThan(0);
    });
  });
});
