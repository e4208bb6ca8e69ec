// Bookings for guests and on account, and the month-end statements (decisions 0141, 0142), on PGlite or PostgreSQL.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getParisParts, parisMonthStart } from '@vtc/shared/time/paris-time';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, bookingTokens, companyStatements, invoices, mailOutbox } from '../../src/platform/db/schema.ts';
import { backOfficeUsers, fieldErrors, type Caller } from '../catalogue/catalogue-helpers.ts';
import { bearer, loginAdmin, PASSWORD, registerUser, uniqueEmail } from '../support/auth-helpers.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmPayload, createBooking, demoCars, expectStatus, NEXT_YEAR, pickupPassed } from './booking-helpers.ts';

let ctx: TestContext;
let owner: Caller;
let cars: { vclass: number; ford: number };

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  ({ admin: owner } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => ctx.close());
afterEach(async () => {
  await ctx.app.outbox.runOnce();
  vi.useRealTimers();
});

const COMPANY = {
  siren: '542 051 180',
  vatNumber: 'FR59542051180',
  billingAddress: '2 quai Lunel, 06300 Nice',
  billingEmails: 'compta@port.example',
  paymentTermsDays: 30,
  creditLimit: '',
  purchaseOrderRequired: false,
  costCentres: 'Réception\nÉvénements',
  discountPercent: '0',
};

const as =
  (token: string): Caller =>
  (options) =>
    ctx.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

async function account(fullName: string) {
  const session = await registerUser(ctx.app, { fullName, email: uniqueEmail('member') });
  return { id: session.user.id!, email: session.user.email, call: as(session.token), token: session.token };
}

/** A company with an admin and a booker; `billingEmails` gets an address of its own. */
async function companyWithMembers(legalName: string, terms: Record<string, unknown> = {}) {
  const billingEmail = uniqueEmail('billing');
  const created = await owner({ method: 'POST', url: '/api/company/add', payload: { ...COMPANY, legalName, billingEmails: billingEmail, ...terms } });
  expectStatus(created, 201);
  const id = created.json().data.id as number;
  const admin = await account(`Alice ${legalName}`);
  const booker = await account(`Bruno ${legalName}`);
  expectStatus(await owner({ method: 'POST', url: '/api/company/member/add', payload: { email: admin.email, role: 'admin', companyId: id } }), 200);
  expectStatus(await admin.call({ method: 'POST', url: '/api/company/member/add', payload: { email: booker.email, role: 'booker' } }), 200);
  return { id, admin, booker, billingEmail };
}

let day = 0;
/** A booking at step two (car chosen) by this member, on a pickup day of its own. */
async function chosen(token: string): Promise<number> {
  day += 1;
  const id = await createBooking(ctx.app, token, { date: `${NEXT_YEAR}-05-${String(day).padStart(2, '0')}T10:00` });
  expectStatus(await chooseCar(ctx.app, token, id, cars.vclass), 200);
  return id;
}

const confirm = (token: string, id: number, overrides: Record<string, unknown> = {}, language = 'fr'): Promise<LightMyRequestResponse> =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/booking/update-booking-info/${id}`,
    headers: { ...bearer(token), 'accept-language': language },
    payload: confirmPayload(id, { method: 'cash', flightNumber: undefined, ...overrides }),
  });

const GUEST = { fullName: 'John Carter', phone: '+44 20 7946 0958', language: 'en', email: 'john.carter@guest.example' };

const bookingRow = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const mailsTo = (address: string, kind?: string) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(asc(mailOutbox.id));

/** Accepted by the owner, its pickup moved to an hour ago and completed: a trip to invoice this month. */
async function driven(id: number) {
  expectStatus(await owner({ method: 'PUT', url: `/api/booking/accept/${id}`, payload: {} }), 200);
  await pickupPassed(ctx.database.db, id);
  expectStatus(await owner({ method: 'PUT', url: `/api/booking/complete/${id}`, payload: {} }), 200);
}

/** A session opened now, whatever the clock says (an access token lives 15 minutes). */
const freshOwner = async (): Promise<Caller> => as((await loginAdmin(ctx.app, ctx.database)).token);
async function freshMember(email: string): Promise<Caller> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  expectStatus(response, 200);
  return as(response.json().token as string);
}

const thisMonth = () => {
  const { year, month } = getParisParts(new Date());
  return `${year}-${String(month).padStart(2, '0')}`;
};

describe('a booking for a guest', () => {
  it('keeps the passenger, reference and cost centre; refuses a phone that is not one, an unknown cost centre, and a guest for a non-member', async () => {
    const { booker } = await companyWithMembers('Hôtel Guest SAS');
    const id = await chosen(booker.token);
    const badPhone = await confirm(booker.token, id, { passenger: { ...GUEST, phone: '12' } }, 'en');
    expect(badPhone.statusCode).toBe(400);
    expect(fieldErrors(badPhone)).toEqual({ 'passenger.phone': 'Invalid phone number: check the country and the number of digits' });
    const badCentre = await confirm(booker.token, id, { passenger: GUEST, costCenter: 'Marketing' }, 'en');
    expect(fieldErrors(badCentre)).toEqual({ costCenter: 'Your company has no such cost centre' });
    expect((await bookingRow(id)).status).toBe('car_selected');

    const customer = await registerUser(ctx.app, { fullName: 'Private Person' });
    const privateId = await chosen(customer.token);
    const notMember = await confirm(customer.token, privateId, { passenger: GUEST });
    expect(fieldErrors(notMember)).toEqual({ passenger: 'Seuls les membres d’un compte entreprise réservent pour un passager' });

    expectStatus(await confirm(booker.token, id, { passenger: GUEST, reference: 'Chambre 412', costCenter: 'Réception', showPrice: false }), 200);
    expect(await bookingRow(id)).toMatchObject({
      status: 'pending',
      depositCents: 0,
      passenger: { fullName: 'John Carter', phone: '+442079460958', language: 'en', email: 'john.carter@guest.example' },
      costCentre: 'Réception',
      showPrice: false,
      billing: { companyName: 'Hôtel Guest SAS', purchaseOrder: 'Chambre 412' },
    });
  });

  it('on account: accepted without a deposit link; the guest gets the chauffeur in English without the price, the booker every mail', async () => {
    const { booker } = await companyWithMembers('Conciergerie Mails');
    const id = await chosen(booker.token);
    expectStatus(await confirm(booker.token, id, { passenger: GUEST, costCenter: 'Événements', showPrice: false }), 200);
    expectStatus(await owner({ method: 'PUT', url: `/api/booking/accept/${id}`, payload: {} }), 200);
    const checkout = await ctx.database.db
      .select()
      .from(bookingTokens)
      .where(and(eq(bookingTokens.bookingId, id), eq(bookingTokens.purpose, 'checkout')));
    expect(checkout).toEqual([]);
    const driverEmail = uniqueEmail('driver');
    const driver = await owner({
      method: 'POST',
      url: '/api/driver/add',
      payload: { fullName: 'Luc Guest', phone: '+33 6 98 76 54 32', email: driverEmail, languages: ['fr'] },
    });
    expectStatus(driver, 201);
    expectStatus(await owner({ method: 'PUT', url: `/api/booking/assign/${id}`, payload: { driverId: driver.json().data.id, carId: cars.vclass } }), 200);
    // The chauffeur's link says there is nothing to collect on board: the company's invoice bills it (decision 0161).
    const missionToken = (await mailsTo(driverEmail)).map((mail) => new RegExp(`/mission\\?id=${id}&token=([^\\s&"<>]+)`).exec(mail.textBody ?? '')?.[1]).find(Boolean);
    expect(missionToken).toBeDefined();
    const mission = await ctx.app.inject({ method: 'GET', url: `/api/mission/${id}?token=${missionToken!}` });
    expectStatus(mission, 200);
    expect(mission.json().data).toMatchObject({ onAccount: true, balanceCents: 0 });

    const [guestMail, ...more] = await mailsTo(GUEST.email);
    expect(more).toEqual([]);
    expect(guestMail?.kind).toBe('passenger_chauffeur');
    expect(guestMail?.subject).toBe(`Your chauffeur for ride no. ${id}`);
    expect(guestMail?.textBody).toContain('Hello John Carter');
    expect(guestMail?.textBody).toContain('Chauffeur: Luc Guest');
    expect(guestMail?.textBody).not.toMatch(/€|Total price/);

    const bookerKinds = (await mailsTo(booker.email)).map((mail) => mail.kind);
    expect(bookerKinds).toEqual(expect.arrayContaining(['booking_received', 'on_account_confirmed', 'your_chauffeur']));
    expect(bookerKinds).not.toContain('booking_accepted');
    const [confirmed] = await mailsTo(booker.email, 'on_account_confirmed');
    expect(confirmed?.textBody).toContain('facture mensuelle');
    expect(confirmed?.textBody).not.toContain('Acompte');
  });

  it('shows the price to the guest when the company lets it, in the guest’s language', async () => {
    const { booker } = await companyWithMembers('Yachts Prix');
    const email = uniqueEmail('guest');
    const id = await chosen(booker.token);
    expectStatus(await confirm(booker.token, id, { passenger: { ...GUEST, email, language: 'ar' } }), 200);
    expectStatus(await owner({ method: 'PUT', url: `/api/booking/accept/${id}`, payload: {} }), 200);
    const driver = await owner({ method: 'POST', url: '/api/driver/add', payload: { fullName: 'Nadia Prix', phone: '+33 6 11 22 33 44', email: uniqueEmail('driver'), languages: ['fr'] } });
    expectStatus(await owner({ method: 'PUT', url: `/api/booking/assign/${id}`, payload: { driverId: driver.json().data.id, carId: cars.vclass } }), 200);
    const [mail] = await mailsTo(email, 'passenger_chauffeur');
    expect(mail?.subject).toBe(`سائقك للرحلة رقم ${id}`);
    expect(mail?.textBody).toContain('€');
  });

  it('filters the company’s bookings by passenger and cost centre', async () => {
    const { admin, booker } = await companyWithMembers('Filtres SA');
    const first = await chosen(booker.token);
    expectStatus(await confirm(booker.token, first, { passenger: { ...GUEST, fullName: 'Maria Lopez' }, costCenter: 'Réception' }), 200);
    const second = await chosen(admin.token);
    expectStatus(await confirm(admin.token, second, { passenger: { ...GUEST, fullName: 'Omar Haddad' }, costCenter: 'Événements' }), 200);
    const ids = async (query: string) => ((await admin.call({ method: 'GET', url: `/api/company/bookings?${query}` })).json().data as { id: number }[]).map((b) => b.id);
    expect(await ids('passenger=lopez')).toEqual([first]);
    expect(await ids(`costCentre=${encodeURIComponent('Événements')}`)).toEqual([second]);
    expect(await ids(`booker=${booker.id}&passenger=omar`)).toEqual([]);
    const listed = (await admin.call({ method: 'GET', url: '/api/company/bookings' })).json().data;
    expect(listed[0]).toMatchObject({ id: second, passengerName: 'Omar Haddad', costCentre: 'Événements' });
  });
});

describe('the credit limit', () => {
  it('refuses at step three a booking that would pass it (trips to come count), translated, nothing kept', async () => {
    const { id: companyId, booker } = await companyWithMembers('Encours Limité');
    const first = await chosen(booker.token);
    expectStatus(await confirm(booker.token, first), 200);
    const price = (await bookingRow(first)).totalCents!;
    // Room for one more trip and a half: the second passes, the third would not.
    const limit = Math.floor((price * 2.5) / 100);
    expectStatus(await owner({ method: 'PUT', url: `/api/company/update/${companyId}`, payload: { ...COMPANY, legalName: 'Encours Limité', creditLimit: String(limit) } }), 200);
    const second = await chosen(booker.token);
    expectStatus(await confirm(booker.token, second), 200);
    const third = await chosen(booker.token);
    const outboxBefore = await ctx.database.db.select().from(mailOutbox);
    const refused = await confirm(booker.token, third, {}, 'en');
    expect(refused.statusCode).toBe(409);
    const left = ((limit * 100 - price - (await bookingRow(second)).totalCents!) / 100).toFixed(2);
    expect(refused.json()).toMatchObject({ code: 'credit_limit_exceeded' });
    expect(refused.json().message).toBe(
      `This booking would go past your company’s credit limit (€${limit.toLocaleString('en-GB')}.00): €${left} left. Contact us or settle an open invoice.`,
    );
    const french = await confirm(booker.token, third);
    expect(french.json().message).toContain('Cette réservation dépasserait l’encours autorisé de votre entreprise');
    expect((await bookingRow(third)).status).toBe('car_selected');
    expect(await ctx.database.db.select().from(mailOutbox)).toHaveLength(outboxBefore.length);
  });
});

describe('month-end statements', () => {
  it('the scheduled job issues one invoice per company at the month’s end, in the invoices’ numbering, mailed to the admins and billing addresses; trips are not invoiced one by one', async () => {
    const a = await companyWithMembers('Statements Alpha', { paymentTermsDays: 15 });
    const b = await companyWithMembers('Statements Beta');
    const tripA = await chosen(a.booker.token);
    expectStatus(await confirm(a.booker.token, tripA, { passenger: { ...GUEST, fullName: 'Grace Hopper' }, reference: 'PO-4411', costCenter: 'Réception' }), 200);
    await driven(tripA);
    const tripB = await chosen(b.admin.token);
    expectStatus(await confirm(b.admin.token, tripB), 200);
    await driven(tripB);
    expect(await ctx.database.db.select().from(invoices).where(inArray(invoices.bookingId, [tripA, tripB]))).toEqual([]);
    // Nothing to collect on board: the trip is on the company's invoice.
    const details = await owner({ method: 'GET', url: `/api/booking/${tripA}` });
    expect(details.json().data.settlement).toMatchObject({ on_account: true, balance_due_cents: 0, collected_cents: 0 });
    // Not paid either (decision 0161): the back office and the booker read that the company's invoice is to come.
    const paymentState = async () => ({
      admin: (await (await freshOwner())({ method: 'GET', url: `/api/booking/${tripA}` })).json().data.settlement.payment_state,
      booker: (await (await freshMember(a.booker.email))({ method: 'GET', url: `/api/user/booking/details/${tripA}` })).json().data.settlement.payment_state,
    });
    expect(await paymentState()).toEqual({ admin: 'on_statement', booker: 'on_statement' });

    const month = thisMonth();
    const monthEnd = parisMonthStart(getParisParts(new Date()), 1);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(monthEnd.getTime() + 10 * 60_000);
    await ctx.app.jobs.runDue();
    const statements = await ctx.database.db.select().from(companyStatements).where(inArray(companyStatements.companyId, [a.id, b.id]));
    expect(statements.map((row) => [row.companyId, row.month]).sort()).toEqual([[a.id, month], [b.id, month]].sort());
    const alpha = statements.find((row) => row.companyId === a.id)!;
    expect(alpha.number).toMatch(/^F-\d{4}-\d{6}$/);
    expect(alpha.vatRateBasisPoints).toBe(1000);
    expect(alpha.dueAt.getTime() - alpha.issuedAt.getTime()).toBe(15 * 86_400_000);
    expect((await bookingRow(tripA)).statementId).toBe(alpha.id);
    expect((await mailsTo(a.admin.email, 'company_statement')).map((m) => m.subject)).toEqual([expect.stringContaining(alpha.number)]);
    expect(await mailsTo(a.billingEmail, 'company_statement')).toHaveLength(1);
    expect(await mailsTo(a.booker.email, 'company_statement')).toHaveLength(0);

    // A second run of the month changes nothing.
    const again = await (await freshOwner())({ method: 'POST', url: '/api/invoice/company-statements', payload: { month } });
    expectStatus(again, 200);
    expect(again.json().data).toEqual([]);

    // Members read their own company's invoices, never another's.
    const list = await (await freshMember(a.booker.email))({ method: 'GET', url: '/api/company/invoices' });
    expect(list.json().data).toEqual([expect.objectContaining({ id: alpha.id, number: alpha.number, trips: 1, overdue: false, paidAt: null })]);
    const betaId = statements.find((row) => row.companyId === b.id)!.id;
    expect((await (await freshMember(a.admin.email))({ method: 'GET', url: `/api/company/invoices/pdf/${betaId}` })).statusCode).toBe(404);
    const stranger = await registerUser(ctx.app, { fullName: 'No Company' });
    const refused = await as(stranger.token)({ method: 'GET', url: '/api/company/invoices', headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('For members of a company account only');

    // The PDF, read back.
    const pdf = await (await freshMember(a.booker.email))({ method: 'GET', url: `/api/company/invoices/pdf/${alpha.id}` });
    expectStatus(pdf, 200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(`Facture mensuelle ${alpha.number}`);
    expect(text).toContain('Statements Alpha');
    expect(text).toContain('Passager : Grace Hopper');
    expect(text).toContain('Réf. : PO-4411');
    expect(text).toContain('Centre de coût : Réception');
    expect(text).toContain('TVA 10 %');
    expect(text).toContain('Paiement à 15 jours');

    // Overdue once its due date has passed, until the owner marks it paid; an unpaid statement counts in the credit.
    vi.setSystemTime(alpha.dueAt.getTime() + 3_600_000);
    const dashboard = async () => (await (await freshOwner())({ method: 'GET', url: '/api/dashboard' })).json().data.overdueStatements as { number: string }[];
    expect((await dashboard()).map((row) => row.number)).toContain(alpha.number);
    expect((await (await freshMember(a.admin.email))({ method: 'GET', url: '/api/company/invoices' })).json().data[0].overdue).toBe(true);
    // Invoiced but unpaid, the trip still reads so; paid with its statement, it reads settled.
    expect(await paymentState()).toEqual({ admin: 'on_statement', booker: 'on_statement' });
    expectStatus(await (await freshOwner())({ method: 'PUT', url: `/api/invoice/company-statements/paid/${alpha.id}`, payload: {} }), 200);
    expect(await paymentState()).toEqual({ admin: 'settled', booker: 'settled' });
    expect((await (await freshOwner())({ method: 'PUT', url: `/api/invoice/company-statements/paid/${alpha.id}`, payload: {} })).statusCode).toBe(409);
    expect((await dashboard()).map((row) => row.number)).not.toContain(alpha.number);
    expect((await (await freshMember(a.booker.email))({ method: 'PUT', url: `/api/invoice/company-statements/paid/${alpha.id}`, payload: {} })).statusCode).toBe(403);
  });

  it('two runs at once make one invoice per company and month, numbered without a gap', async () => {
    const companies = await Promise.all(['Race One', 'Race Two', 'Race Three'].map((name) => companyWithMembers(name)));
    for (const company of companies) {
      const trip = await chosen(company.booker.token);
      expectStatus(await confirm(company.booker.token, trip), 200);
      await driven(trip);
    }
    const month = thisMonth();
    const bad = await owner({ method: 'POST', url: '/api/invoice/company-statements', payload: { month: '2026-13' }, headers: { 'accept-language': 'en' } });
    expect(bad.statusCode).toBe(400);
    const runs = await Promise.all([1, 2].map(() => owner({ method: 'POST', url: '/api/invoice/company-statements', payload: { month } })));
    for (const run of runs) expectStatus(run, 200);
    expect(runs.flatMap((run) => run.json().data).length).toBe(3);
    const ids = companies.map((company) => company.id);
    const rows = await ctx.database.db.select().from(companyStatements).where(inArray(companyStatements.companyId, ids));
    expect(rows.map((row) => row.companyId).sort()).toEqual([...ids].sort());
    // The invoices' series, statements and trip invoices together, has no gap and no repeat.
    const year = getParisParts(new Date()).year;
    const statementNumbers = (await ctx.database.db.select({ sequence: companyStatements.sequence, year: companyStatements.year }).from(companyStatements))
      .filter((row) => row.year === year)
      .map((row) => row.sequence);
    const invoiceNumbers = (await ctx.database.db.select({ sequence: invoices.sequence }).from(invoices).where(and(eq(invoices.kind, 'invoice'), eq(invoices.year, year)))).map(
      (row) => row.sequence,
    );
    const all = [...statementNumbers, ...invoiceNumbers].sort((x, y) => x - y);
    expect(all).toEqual(all.map((_, index) => index + 1));
  });
});
