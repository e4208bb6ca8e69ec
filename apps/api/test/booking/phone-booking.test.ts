import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNoEmailAddress } from '@vtc/shared/auth/no-email-address';
import { bookingVouchers, bookings, carHolds, mailOutbox, users } from '../../src/platform/db/schema.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser, uniqueEmail, verifyAddress } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { bookingPayload, demoCars, expectStatus, NEXT_YEAR, parisLocalIn } from './booking-helpers.ts';

type Offer = { id: number; allowed: boolean; reason?: string; price_cents?: number; deposit_cents?: number };

describe('a booking taken by phone in the back office (POST /api/booking/add)', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carIds: { vclass: number; ford: number };
  let hour = 6;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    admin = await loginAdmin(ctx.app, ctx.database);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A trip of its own per test: another day's morning, so no test's hold meets another's. */
  const trip = (overrides: Record<string, unknown> = {}) => {
    hour += 1;
    return { ...bookingPayload(), date: `${NEXT_YEAR}-05-${String(hour).padStart(2, '0')}T10:00`, ...overrides };
  };
  const newCustomer = () => ({ fullName: 'Léa Roux', phone: '06 12 34 56 78', email: uniqueEmail('phone') });
  const add = (payload: Record<string, unknown>, language = 'fr', token = admin.token) =>
    ctx.app.inject({ method: 'POST', url: '/api/booking/add', headers: { ...bearer(token), 'accept-language': language }, payload });
  const counts = async () => {
    const [[b], [u]] = await Promise.all([
      ctx.database.db.select({ n: count() }).from(bookings),
      ctx.database.db.select({ n: count() }).from(users),
    ]);
    return { bookings: b!.n, users: u!.n };
  };
  const details = async (id: number) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) });
    expectStatus(response, 200);
    return response.json().data as {
      status: string;
      total_cents: number;
      payment_method: string;
      customer: { id: number; email: string; emailVerified: boolean };
      history: { from_status: string | null; to_status: string; actor_kind: string; reason: string | null; manual_price_cents: number | null; list_price_cents: number | null }[];
    };
  };
  const prices = async (payload: Record<string, unknown>) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/booking/add/prices', headers: bearer(admin.token), payload });
    expectStatus(response, 200);
    return (response.json() as { cars: Offer[] }).cars;
  };

  it('prices every car for the trip, return included, without saving anything', async () => {
    const before = await counts();
    const body = trip();
    const oneWay = await prices(body);
    const roundTrip = await prices({ ...body, returnRent: true, returnDate: body.date.replace('T10:00', 'T18:00') });
    const vclass = (offers: Offer[]) => offers.find((offer) => offer.id === carIds.vclass)!;
    expect(vclass(oneWay)).toMatchObject({ allowed: true });
    expect(vclass(roundTrip).price_cents).toBe(vclass(oneWay).price_cents! * 2);
    expect(await counts()).toEqual(before);
  });

  it('creates the customer, accepts the booking at once, holds its car, issues its voucher and mails nothing to the unverified address', async () => {
    const customer = newCustomer();
    const body = trip();
    const [offer] = (await prices(body)).filter((car) => car.id === carIds.vclass);
    const response = await add({ ...body, ...customer, carId: carIds.vclass, method: 'stripe' });
    expectStatus(response, 201);
    const { bookingId, message } = response.json() as { bookingId: number; message: string };
    expect(message).toBe('Réservation enregistrée et acceptée');
    const booking = await details(bookingId);
    expect(booking).toMatchObject({ status: 'accepted', total_cents: offer!.price_cents, payment_method: 'stripe' });
    expect(booking.customer).toMatchObject({ email: customer.email, emailVerified: false });
    expect(booking.history).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'accepted', actor_kind: 'admin', reason: null, manual_price_cents: null }),
    ]);
    const [account] = await ctx.database.db.select().from(users).where(eq(users.id, booking.customer.id));
    expect(account).toMatchObject({ fullName: 'Léa Roux', phone: '+33612345678', emailVerifiedAt: null });
    expect(await ctx.database.db.select().from(carHolds).where(eq(carHolds.bookingId, bookingId))).toHaveLength(1);
    expect(await ctx.database.db.select().from(bookingVouchers).where(eq(bookingVouchers.bookingId, bookingId))).toHaveLength(1);
    // Nothing leaves for the address the company typed: no verification link, the acceptance mail waits.
    const toCustomer = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, customer.email));
    expect(toCustomer.map((mail) => [mail.kind, mail.status])).toEqual([['booking_accepted', 'held']]);
  });

  it('the customer finds it in "Mes réservations" once they sign in by a mailed link and verify their e-mail', async () => {
    const customer = newCustomer();
    const created = await add({ ...trip(), ...customer, carId: carIds.ford, method: 'cash' });
    expectStatus(created, 201);
    const { bookingId } = created.json() as { bookingId: number };
    expectStatus(await ctx.app.inject({ method: 'POST', url: '/api/auth/signInLink', payload: { email: customer.email } }), 200);
    const [link] = await ctx.database.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'sign_in_link'), eq(mailOutbox.toAddress, customer.email)))
      .orderBy(desc(mailOutbox.id));
    const token = decodeURIComponent(/sign-in-link\?token=([\w%-]+)/.exec(link!.text)![1]!);
    const signedIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/signInWithLink', payload: { token } });
    expectStatus(signedIn, 200);
    const session = signedIn.json() as { token: string };
    expectStatus(await ctx.app.inject({ method: 'POST', url: '/api/auth/resendVerification', headers: bearer(session.token) }), 200);
    await verifyAddress(ctx.app, customer.email);
    const own = await ctx.app.inject({ method: 'GET', url: '/api/user/booking/getAll', headers: bearer(session.token) });
    expectStatus(own, 200);
    expect((own.json() as { data: { id: number; status: string }[] }).data).toEqual([expect.objectContaining({ id: bookingId, status: 'accepted' })]);
    // The acceptance mail, held until now, leaves.
    const [accepted] = await ctx.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'booking_accepted'), eq(mailOutbox.toAddress, customer.email)));
    expect(accepted?.status).not.toBe('held');
  });

  it('books for an existing account, or a new customer without an e-mail who is never mailed', async () => {
    const known = await registerUser(ctx.app, { fullName: 'Marc Dupont' });
    const forKnown = await add({ ...trip(), userId: known.user.id, carId: carIds.ford, method: 'paypal' });
    expectStatus(forKnown, 201);
    expect((await details((forKnown.json() as { bookingId: number }).bookingId)).customer.id).toBe(known.user.id);

    const withoutEmail = await add({ ...trip(), fullName: 'Nadia Benali', phone: '+33 7 12 34 56 78', carId: carIds.ford, method: 'cash' });
    expectStatus(withoutEmail, 201);
    const booking = await details((withoutEmail.json() as { bookingId: number }).bookingId);
    expect(isNoEmailAddress(booking.customer.email)).toBe(true);
    const mails = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, booking.customer.email));
    expect(mails.every((mail) => mail.status === 'held')).toBe(true);
  });

  it('keeps a manual price with its reason and the server’s price in the history; no reason, no booking', async () => {
    const body = { ...trip(), ...newCustomer(), carId: carIds.vclass, method: 'cash' };
    const before = await counts();
    const refused = await add({ ...body, priceCents: 12000 }, 'ar');
    expectStatus(refused, 400);
    expect(refused.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'priceReason', message: 'اذكر سبب السعر اليدوي' }] });
    expect(await counts()).toEqual(before);

    const [offer] = (await prices(body)).filter((car) => car.id === carIds.vclass);
    const response = await add({ ...body, priceCents: 12000, priceReason: 'Client fidèle, prix convenu' });
    expectStatus(response, 201);
    const booking = await details((response.json() as { bookingId: number }).bookingId);
    expect(booking.total_cents).toBe(12000);
    expect(booking.history[0]).toMatchObject({ reason: 'Client fidèle, prix convenu', manual_price_cents: 12000, list_price_cents: offer!.price_cents });
  });

  it('refuses bad input with a clear translated 4xx and saves nothing: time, customer, phone, car, role', async () => {
    const before = await counts();
    const body = { ...trip(), ...newCustomer(), carId: carIds.vclass, method: 'cash' };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ ...body, date: parisLocalIn(60) }, 400, 'date', 'La réservation n’est possible qu’au moins 2 heures à l’avance'],
      [{ ...body, date: `${NEXT_YEAR - 2}-05-01T10:00` }, 400, 'date', 'La réservation n’est possible qu’au moins 2 heures à l’avance'],
      [{ ...body, phone: '12' }, 400, 'phone', 'Numéro de téléphone invalide : vérifiez le pays et le nombre de chiffres'],
      [{ ...body, fullName: '' }, 400, 'fullName', 'Ce champ est obligatoire'],
      [{ ...body, carId: 999_999 }, 400, 'carId', 'Cette voiture n’existe pas ou n’est plus disponible'],
    ];
    for (const [payload, status, path, message] of cases) {
      const response = await add(payload);
      expectStatus(response, status);
      expect(response.json()).toMatchObject({ errors: [{ path, message }] });
    }
    const unknown = await add({ ...trip(), userId: 999_999, carId: carIds.vclass, method: 'cash' }, 'en');
    expectStatus(unknown, 404);
    expect(unknown.json()).toMatchObject({ code: 'customer_not_found', message: 'This customer does not exist: search again or create them' });
    const taken = await registerUser(ctx.app);
    const emailTaken = await add({ ...body, email: taken.user.email });
    expectStatus(emailTaken, 409);
    expect(emailTaken.json()).toMatchObject({ code: 'email_taken' });
    const customer = await registerUser(ctx.app);
    expectStatus(await add(body, 'fr', customer.token), 403);
    expect(await counts()).toEqual({ bookings: before.bookings, users: before.users + 2 });
  });

  it('a busy car is 409 car_busy, and the customer it would have created is not kept', async () => {
    const body = trip();
    expectStatus(await add({ ...body, ...newCustomer(), carId: carIds.vclass, method: 'cash' }), 201);
    expect((await prices(body)).find((car) => car.id === carIds.vclass)).toMatchObject({ allowed: false, reason: 'car_busy' });
    const before = await counts();
    const busy = await add({ ...body, ...newCustomer(), carId: carIds.vclass, method: 'cash' });
    expectStatus(busy, 409);
    expect(busy.json()).toMatchObject({ code: 'car_busy', message: 'Aucune voiture n’est disponible à cette heure : cette voiture est déjà réservée' });
    expect(await counts()).toEqual(before);
  });

  /** A company (by the owner) with one booker, on the terms given (decision 0150 fields). */
  const companyMember = async (legalName: string, terms: Record<string, unknown>) => {
    const asAdmin = (url: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url, headers: bearer(admin.token), payload });
    const created = await asAdmin('/api/company/add', {
      legalName,
      siren: '542 051 180',
      vatNumber: 'FR59542051180',
      billingAddress: '2 quai Lunel, 06300 Nice',
      billingEmails: uniqueEmail('billing'),
      paymentTermsDays: 30,
      creditLimit: '',
      purchaseOrderRequired: false,
      costCentres: '',
      discountPercent: '0',
      ...terms,
    });
    expectStatus(created, 201);
    const companyId = (created.json() as { data: { id: number } }).data.id;
    const member = await registerUser(ctx.app, { fullName: `Bruno ${legalName}`, email: uniqueEmail('member') });
    expectStatus(await asAdmin('/api/company/member/add', { email: member.user.email, role: 'booker', companyId }), 200);
    return { companyId, member };
  };

  it('a company member’s trip is the company’s: its discount off, on its account without a deposit, its purchase order required', async () => {
    const { companyId, member } = await companyMember('Téléphone Remise SAS', { discountPercent: '10', purchaseOrderRequired: true });
    const body = trip();
    const vclass = (offers: Offer[]) => offers.find((offer) => offer.id === carIds.vclass)!;
    const list = vclass(await prices(body)).price_cents!;
    const priced = await ctx.app.inject({ method: 'POST', url: '/api/booking/add/prices', headers: bearer(admin.token), payload: { ...body, userId: member.user.id } });
    expectStatus(priced, 200);
    const answer = priced.json() as { cars: Offer[]; company: unknown };
    expect(answer.company).toEqual({ id: companyId, legalName: 'Téléphone Remise SAS', discountBasisPoints: 1000, purchaseOrderRequired: true });
    const discounted = vclass(answer.cars).price_cents!;
    expect(Math.abs(discounted - list * 0.9)).toBeLessThanOrEqual(100);
    expect(vclass(answer.cars).deposit_cents).toBeGreaterThan(0);

    // The company asks for a purchase order: none, no booking.
    const before = await counts();
    const refused = await add({ ...body, userId: member.user.id, carId: carIds.vclass, method: 'cash' });
    expectStatus(refused, 400);
    expect(refused.json()).toMatchObject({ errors: [{ path: 'reference', message: expect.stringContaining('bon de commande') }] });
    expect(await counts()).toEqual(before);

    const response = await add({ ...body, userId: member.user.id, carId: carIds.vclass, method: 'cash', reference: 'BC-2291' });
    expectStatus(response, 201);
    const { bookingId } = response.json() as { bookingId: number };
    const [row] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row).toMatchObject({ status: 'accepted', companyId, totalCents: discounted, depositCents: 0 });
    expect(row!.billing).toMatchObject({ companyName: 'Téléphone Remise SAS', purchaseOrder: 'BC-2291' });
    // Named by what is paid: on the company's account, not a deposit to pay; so is its line in the lists.
    const drawer = await ctx.app.inject({ method: 'GET', url: `/api/booking/${bookingId}`, headers: bearer(admin.token) });
    expect(drawer.json().data.settlement.payment_state).toBe('on_account');
    const lines = await ctx.app.inject({ method: 'GET', url: `/api/booking/getAll?q=%23${bookingId}`, headers: bearer(admin.token) });
    expectStatus(lines, 200);
    expect(lines.json().data).toEqual([expect.objectContaining({ id: bookingId, on_account: true })]);
    // On account: the member is told so, and no deposit link is mailed.
    const toMember = await ctx.database.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.bookingId, bookingId));
    expect(toMember.map((mail) => mail.kind).sort()).toEqual(['on_account_confirmed', 'on_account_confirmed_company']);

    // A purchase order is a company's: anyone else's is refused on the field, nothing saved.
    const individual = await registerUser(ctx.app);
    const stranger = await add({ ...trip(), userId: individual.user.id, carId: carIds.vclass, method: 'cash', reference: 'BC-1' });
    expectStatus(stranger, 400);
    expect(stranger.json()).toMatchObject({ errors: [{ path: 'reference' }] });

    // Anyone else's phone booking is as before: the list price, a deposit, no company.
    const next = trip();
    expect(vclass(await prices({ ...next, userId: (await registerUser(ctx.app)).user.id })).price_cents).toBe(vclass(await prices(next)).price_cents);
  });

  it('a company member’s phone booking past the company’s credit is refused in the reader’s language, and nothing is saved', async () => {
    const { member } = await companyMember('Sans Encours Téléphone SARL', { creditLimit: '0' });
    const before = await counts();
    const refused = await add({ ...trip(), userId: member.user.id, carId: carIds.vclass, method: 'cash' }, 'en');
    expectStatus(refused, 409);
    expect(refused.json()).toMatchObject({ code: 'credit_none' });
    expect(await counts()).toEqual(before);
  });

  it('two phone bookings of one car at one time at once: one 201, one 409 car_busy, one hold, one new customer', async () => {
    const body = trip();
    const before = await counts();
    const answers = await Promise.all([
      add({ ...body, ...newCustomer(), carId: carIds.vclass, method: 'cash' }),
      add({ ...body, ...newCustomer(), carId: carIds.vclass, method: 'stripe' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({ code: 'car_busy' });
    const winner = (answers.find((answer) => answer.statusCode === 201)!.json() as { bookingId: number }).bookingId;
    const holds = await ctx.database.db.select().from(carHolds).where(eq(carHolds.carId, carIds.vclass));
    expect(holds.filter((hold) => hold.bookingId === winner)).toHaveLength(1);
    expect(await counts()).toEqual({ bookings: before.bookings + 1, users: before.users + 1 });
  });
});
