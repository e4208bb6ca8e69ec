// The month-end statement as a business invoice (issue 23, decision 0150): a Factur-X e-invoice
// sent once to the certified platform; paid by card through Stripe Checkout; the company's discount
// on its prices; a credit limit of 0 as no credit; statements in the accountant's export.
import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getParisParts, parisIsoDate } from '@vtc/shared/time/paris-time';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, companyStatements, mailOutbox, statementPayments } from '../../src/platform/db/schema.ts';
import { backOfficeUsers, type Caller } from '../catalogue/catalogue-helpers.ts';
import { bearer, registerUser, uniqueEmail } from '../support/auth-helpers.ts';
import { detach, schemaCheck } from '../support/facturx-tools.ts';
import { startLoopbackServer } from '../support/loopback-server.ts';
import { startPaypalStub } from '../support/paypal-stub.ts';
import { startStripeStub } from '../support/stripe-stub.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmPayload, createBooking, demoCars, expectStatus, NEXT_YEAR, pickupPassed } from './booking-helpers.ts';

let ctx: TestContext;
let owner: Caller;
let cars: { vclass: number; ford: number };
let platform: Awaited<ReturnType<typeof startLoopbackServer>>;
let stripe: Awaited<ReturnType<typeof startStripeStub>>;
let paypal: Awaited<ReturnType<typeof startPaypalStub>>;
const WEBHOOK_SECRET = 'whsec_test_secret_for_statements';
const signer = new Stripe('sk_test_only_for_signing');

/** What the e-invoicing platform stub received: each POST's idempotency key and whether it carried a PDF. */
const posts: { key: string; hasPdf: boolean }[] = [];

beforeAll(async () => {
  platform = await startLoopbackServer((request, response, body) => {
    if (request.method === 'POST' && request.url === '/api/v1/flows') {
      const key = String(request.headers['idempotency-key'] ?? '');
      posts.push({ key, hasPdf: body.toString('latin1').includes('%PDF-') });
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ flowId: `FLOW-${key}`, status: 'deposited' }));
      return;
    }
    if (request.method === 'GET' && request.url?.startsWith('/api/v1/flows/')) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'received' }));
      return;
    }
    response.writeHead(404).end();
  });
  stripe = await startStripeStub();
  paypal = await startPaypalStub({ webhookId: 'WH-STUB-0150' });
  ctx = await createTestApp({
    PAYPAL_CLIENT_ID: 'paypal-client-id',
    PAYPAL_CLIENT_SECRET: 'paypal-client-secret',
    PAYPAL_WEBHOOK_ID: 'WH-STUB-0150',
    PAYPAL_API_URL: paypal.url,
    EINVOICE_PLATFORM: 'http',
    EINVOICE_API_URL: `${platform.url}/api/v1`,
    EINVOICE_API_KEY: 'k',
    STRIPE_SECRET_KEY: 'sk_test_statements',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  await seedDemoData(ctx.database.db);
  cars = await demoCars(ctx.database.db);
  ({ admin: owner } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => {
  await ctx.close();
  await platform.close();
  await stripe.close();
  await paypal.close();
});
afterEach(async () => {
  await ctx.app.outbox.runOnce();
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

/** A company with an admin and a booker. */
async function companyWithMembers(legalName: string, terms: Record<string, unknown> = {}) {
  const created = await owner({ method: 'POST', url: '/api/company/add', payload: { ...COMPANY, legalName, billingEmails: uniqueEmail('billing'), ...terms } });
  expectStatus(created, 201);
  const id = created.json().data.id as number;
  const admin = await account(`Alice ${legalName}`);
  const booker = await account(`Bruno ${legalName}`);
  expectStatus(await owner({ method: 'POST', url: '/api/company/member/add', payload: { email: admin.email, role: 'admin', companyId: id } }), 200);
  expectStatus(await admin.call({ method: 'POST', url: '/api/company/member/add', payload: { email: booker.email, role: 'booker' } }), 200);
  return { id, admin, booker };
}

let day = 0;
/** A booking at step two (car chosen) by this member, on a pickup day of its own. */
async function chosen(token: string): Promise<number> {
  day += 1;
  const id = await createBooking(ctx.app, token, { date: `${NEXT_YEAR}-06-${String(day).padStart(2, '0')}T10:00` });
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

const bookingRow = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** Accepted by the owner, its pickup moved to an hour ago and completed: a trip to invoice this month. */
async function driven(id: number) {
  expectStatus(await owner({ method: 'PUT', url: `/api/booking/accept/${id}`, payload: {} }), 200);
  await pickupPassed(ctx.database.db, id);
  expectStatus(await owner({ method: 'PUT', url: `/api/booking/complete/${id}`, payload: {} }), 200);
}

const thisMonth = () => {
  const { year, month } = getParisParts(new Date());
  return `${year}-${String(month).padStart(2, '0')}`;
};

/** A company with two trips driven (one with a purchase order) and its statement of this month. */
async function statementOf(legalName: string, terms: Record<string, unknown> = {}) {
  const company = await companyWithMembers(legalName, terms);
  const first = await chosen(company.booker.token);
  expectStatus(await confirm(company.booker.token, first, { reference: 'PO-7781', costCenter: 'Réception' }), 200);
  await driven(first);
  const second = await chosen(company.admin.token);
  expectStatus(await confirm(company.admin.token, second), 200);
  await driven(second);
  const run = await owner({ method: 'POST', url: '/api/invoice/company-statements', payload: { month: thisMonth() } });
  expectStatus(run, 200);
  const [row] = await ctx.database.db.select().from(companyStatements).where(eq(companyStatements.companyId, company.id));
  if (!row) throw new Error(`no statement for ${legalName}`);
  return { ...company, trips: [first, second], statement: row };
}

const euros = (cents: number) => (cents / 100).toFixed(2);

describe('the month-end statement as a Factur-X e-invoice', () => {
  it('its PDF is a PDF/A-3 embedding factur-x.xml, valid against the EN 16931 schema, one line per trip, VAT 10 %, due date, buyer SIREN and VAT, the purchase order', async () => {
    const { statement, trips, admin } = await statementOf('Factur-X Hôtel SAS', { paymentTermsDays: 45 });
    const response = await owner({ method: 'GET', url: `/api/invoice/company-statements/pdf/${statement.id}` });
    expectStatus(response, 200);
    const pdf = response.rawPayload;
    const { names, xml } = await detach(pdf);
    expect(names).toEqual(['factur-x.xml']);
    expect(await schemaCheck(xml)).toBe('validates');
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain(`<ram:ID>${statement.number}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>380</ram:TypeCode>');
    expect(xml.match(/<ram:IncludedSupplyChainTradeLineItem>/g)).toHaveLength(2);
    for (const trip of trips) expect(xml).toContain(`réservation ${trip}`);
    expect(xml).toContain('<ram:Name>Factur-X Hôtel SAS</ram:Name>');
    expect(xml).toContain('<ram:ID schemeID="0002">542051180</ram:ID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR59542051180</ram:ID>');
    expect(xml).toContain('<ram:BuyerReference>PO-7781</ram:BuyerReference>');
    expect(xml).toContain('<ram:RateApplicablePercent>10</ram:RateApplicablePercent>');
    const due = parisIsoDate(statement.dueAt).replaceAll('-', '');
    expect(xml).toContain(`<udt:DateTimeString format="102">${due}</udt:DateTimeString>`);
    expect(statement.dueAt.getTime() - statement.issuedAt.getTime()).toBe(45 * 86_400_000);
    expect(xml).toContain(`<ram:GrandTotalAmount>${euros(statement.totalInclTaxCents)}</ram:GrandTotalAmount>`);
    expect(xml).toContain(`<ram:DuePayableAmount>${euros(statement.totalInclTaxCents)}</ram:DuePayableAmount>`);
    expect(xml).toContain(`<ram:TaxTotalAmount currencyID="EUR">${euros(statement.vatCents)}</ram:TaxTotalAmount>`);
    // The lines add up to the total excluding tax (EN 16931 BR-CO-10).
    const lineNets = [...xml.matchAll(/<ram:SpecifiedTradeSettlementLineMonetarySummation>\s*<ram:LineTotalAmount>([\d.]+)</g)].map((match) => Math.round(Number(match[1]) * 100));
    expect(lineNets.reduce((sum, cents) => sum + cents, 0)).toBe(statement.totalExclTaxCents);
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(raw).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
    // The page is the statement as we draw it.
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const words of [`Facture mensuelle ${statement.number}`, 'Factur-X Hôtel SAS', 'Réf. : PO-7781', 'TVA 10 %']) expect(text, words).toContain(words);

    // The XML alone: the same bytes, to the owner and to the company's members only.
    const alone = await owner({ method: 'GET', url: `/api/invoice/facturx/statement/${statement.id}` });
    expectStatus(alone, 200);
    expect(alone.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(alone.headers['content-disposition']).toBe(`attachment; filename="${statement.number}-factur-x.xml"`);
    expect(alone.body).toBe(xml);
    const byMember = await admin.call({ method: 'GET', url: `/api/company/invoices/facturx/${statement.id}` });
    expectStatus(byMember, 200);
    expect(byMember.body).toBe(xml);
    const memberPdf = await admin.call({ method: 'GET', url: `/api/company/invoices/pdf/${statement.id}` });
    expect((await detach(memberPdf.rawPayload)).xml).toBe(xml);
    const other = await companyWithMembers('Autre Société');
    const refused = await other.admin.call({ method: 'GET', url: `/api/company/invoices/facturx/${statement.id}`, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('statement_not_found');
    expect((await other.admin.call({ method: 'GET', url: `/api/invoice/facturx/statement/${statement.id}` })).statusCode).toBe(403);
    expect((await owner({ method: 'GET', url: '/api/invoice/facturx/statement/999999' })).statusCode).toBe(404);
  });

  it('goes to the certified platform once however often the job runs; the lists show its status', async () => {
    const { statement, admin } = await statementOf('Plateforme Yachts SARL');
    expect(statement.einvoiceStatus).toBe('queued');
    await ctx.app.jobs.runDue();
    await ctx.app.jobs.runDue();
    const received = posts.filter((post) => post.key === statement.number);
    expect(received).toEqual([{ key: statement.number, hasPdf: true }]);
    const [row] = await ctx.database.db.select().from(companyStatements).where(eq(companyStatements.id, statement.id));
    expect(row).toMatchObject({ einvoicePlatformId: `FLOW-${statement.number}`, einvoiceError: null });
    const listed = (await owner({ method: 'GET', url: '/api/invoice/company-statements' })).json().data.find((item: { id: number }) => item.id === statement.id);
    expect(listed.einvoice.status).toMatch(/deposited|received/);
    const mine = (await admin.call({ method: 'GET', url: '/api/company/invoices' })).json().data;
    expect(mine[0].einvoice).not.toBeNull();
  });
});

/** Stripe's signed webhook for a paid Checkout session of a statement, as Stripe sends it. */
async function stripePaid(eventId: string, sessionId: string, statementId: number, amountCents: number) {
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
        client_reference_id: `statement-${statementId}`,
        metadata: { statementId: String(statementId) },
      },
    },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return ctx.app.inject({ method: 'POST', url: '/api/booking/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

/** The mails about a statement's payment, by its number in their subject. */
const paidMails = (number: string) =>
  ctx.database.db
    .select({ kind: mailOutbox.kind, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, textBody: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(like(mailOutbox.kind, 'company_statement_paid%'), like(mailOutbox.subject, `%${number}%`)));

/** Euros as the French mails write them. */
const frenchEuros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);

describe('a statement paid by card', () => {
  it('the company admin opens Stripe Checkout for it; the webhook marks it paid exactly once; a booker may not', async () => {
    const { statement, admin, booker } = await statementOf('Carte Bleue Hôtel');
    const listed = async (call: Caller) => ((await call({ method: 'GET', url: '/api/company/invoices' })).json().data as Record<string, unknown>[])[0]!;
    expect(await listed(admin.call)).toMatchObject({ id: statement.id, payWith: ['stripe', 'paypal'], paidAt: null, paidMethod: null });
    expect((await listed(booker.call)).payWith).toEqual([]);

    const byBooker = await booker.call({ method: 'POST', url: `/api/company/invoices/pay/${statement.id}`, payload: { provider: 'stripe' }, headers: { 'accept-language': 'en' } });
    expect(byBooker.statusCode).toBe(403);
    expect(byBooker.json().message).toBe('For the company account’s administrators only');

    const opened = await admin.call({ method: 'POST', url: `/api/company/invoices/pay/${statement.id}`, payload: { provider: 'stripe' } });
    expectStatus(opened, 200);
    const sessionId = (opened.json().url as string).split('/').at(-1)!;
    const created = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.form.get('metadata[statementId]')).toBe(String(statement.id));
    expect(created.form.get('metadata[bookingId]')).toBeNull();
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe(String(statement.totalInclTaxCents));
    expect(created.form.get('line_items[0][price_data][product_data][name]')).toBe(`Facture ${statement.number}`);
    expect(created.form.get('success_url')).toMatch(new RegExp(`/account/company\\?paid=${statement.id}$`));

    expectStatus(await stripePaid(`evt_statement_${statement.id}`, sessionId, statement.id, statement.totalInclTaxCents), 200);
    const [paid] = await ctx.database.db.select().from(companyStatements).where(eq(companyStatements.id, statement.id));
    expect(paid).toMatchObject({ paidMethod: 'stripe' });
    expect(paid!.paidAt).not.toBeNull();
    // The same event again, and another event for the same session: nothing changes.
    const replay = await stripePaid(`evt_statement_${statement.id}`, sessionId, statement.id, statement.totalInclTaxCents);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expectStatus(await stripePaid(`evt_statement_again_${statement.id}`, sessionId, statement.id, statement.totalInclTaxCents), 200);
    const [after] = await ctx.database.db.select().from(companyStatements).where(eq(companyStatements.id, statement.id));
    expect(after!.paidAt).toEqual(paid!.paidAt);
    const payments = await ctx.database.db.select().from(statementPayments).where(eq(statementPayments.statementId, statement.id));
    expect(payments.map((row) => [row.status, row.amountCents, row.method])).toEqual([['succeeded', statement.totalInclTaxCents, 'stripe']]);

    // The company's admins and billing addresses are told the payment is received, the company that it is paid: once, replays or not.
    const received = await paidMails(statement.number);
    expect(received.filter((mail) => mail.kind === 'company_statement_paid').map((mail) => mail.toAddress)).toEqual(expect.arrayContaining([admin.email]));
    expect(received.filter((mail) => mail.kind === 'company_statement_paid')).toHaveLength(2);
    const toMember = received.find((mail) => mail.toAddress === admin.email)!;
    expect(toMember.subject).toBe(`Paiement reçu : facture mensuelle ${statement.number}`);
    expect(toMember.textBody).toContain(`Nous avons bien reçu le paiement de ${frenchEuros(statement.totalInclTaxCents)} par carte pour la facture mensuelle ${statement.number} de Carte Bleue Hôtel.`);
    expect(received.filter((mail) => mail.toAddress === ctx.app.config.COMPANY_EMAIL).map((mail) => [mail.kind, mail.subject])).toEqual([
      ['company_statement_paid_company', `Facture mensuelle ${statement.number} payée en ligne : Carte Bleue Hôtel`],
    ]);

    expect(await listed(admin.call)).toMatchObject({ paidMethod: 'stripe', payWith: [] });
    const again = await admin.call({ method: 'POST', url: `/api/company/invoices/pay/${statement.id}`, payload: { provider: 'stripe' } });
    expect(again.statusCode).toBe(409);
    expect((await owner({ method: 'PUT', url: `/api/invoice/company-statements/paid/${statement.id}`, payload: {} })).statusCode).toBe(409);
    const pdf = await admin.call({ method: 'GET', url: `/api/company/invoices/pdf/${statement.id}` });
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toMatch(/Réglé le/);
  });

  it('with PayPal: the order names the statement, the capture on return marks it paid once', async () => {
    const { statement, admin } = await statementOf('PayPal Yachting SAS');
    const opened = await admin.call({ method: 'POST', url: `/api/company/invoices/pay/${statement.id}`, payload: { provider: 'paypal' } });
    expectStatus(opened, 200);
    const order = new URL(opened.json().url as string).searchParams.get('token')!;
    const created = paypal.requests.filter((request) => request.method === 'POST' && request.path === '/v2/checkout/orders').at(-1)!;
    expect(created.body).toContain(`"custom_id":"statement-${statement.id}"`);
    paypal.approve(order);
    const capture = () => admin.call({ method: 'POST', url: `/api/company/invoices/paypal/capture/${statement.id}`, payload: { order } });
    expect((await capture()).json()).toEqual({ paid: true });
    expect((await capture()).json()).toEqual({ paid: true });
    const [row] = await ctx.database.db.select().from(companyStatements).where(eq(companyStatements.id, statement.id));
    expect(row).toMatchObject({ paidMethod: 'paypal' });
    const payments = await ctx.database.db.select().from(statementPayments).where(eq(statementPayments.statementId, statement.id));
    expect(payments.map((payment) => [payment.status, payment.method])).toEqual([['succeeded', 'paypal']]);
    // An order of another statement is not this one's.
    expect((await admin.call({ method: 'POST', url: `/api/company/invoices/paypal/capture/${statement.id}`, payload: { order: 'NOT-OURS' } })).statusCode).toBe(404);
  });

  it('the owner can still mark one paid by hand: then it cannot be paid by card', async () => {
    const { statement, admin } = await statementOf('Virement Manuel SARL');
    expectStatus(await owner({ method: 'PUT', url: `/api/invoice/company-statements/paid/${statement.id}`, payload: {} }), 200);
    const [row] = await ctx.database.db.select().from(companyStatements).where(eq(companyStatements.id, statement.id));
    expect(row).toMatchObject({ paidMethod: 'manual' });
    const listed = (await admin.call({ method: 'GET', url: '/api/company/invoices' })).json().data[0];
    expect(listed).toMatchObject({ paidMethod: 'manual', payWith: [] });
    const refused = await admin.call({ method: 'POST', url: `/api/company/invoices/pay/${statement.id}`, payload: { provider: 'stripe' }, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This invoice is already marked paid');
  });

  it('a card payment that lands after the owner marked it paid by hand is kept, and the company is told to give it back', async () => {
    const { statement, admin } = await statementOf('Double Paiement SAS');
    const opened = await admin.call({ method: 'POST', url: `/api/company/invoices/pay/${statement.id}`, payload: { provider: 'stripe' } });
    expectStatus(opened, 200);
    const sessionId = (opened.json().url as string).split('/').at(-1)!;
    expectStatus(await owner({ method: 'PUT', url: `/api/invoice/company-statements/paid/${statement.id}`, payload: {} }), 200);
    expectStatus(await stripePaid(`evt_twice_${statement.id}`, sessionId, statement.id, statement.totalInclTaxCents), 200);

    const [row] = await ctx.database.db.select().from(companyStatements).where(eq(companyStatements.id, statement.id));
    expect(row).toMatchObject({ paidMethod: 'manual' });
    const payments = await ctx.database.db.select().from(statementPayments).where(eq(statementPayments.statementId, statement.id));
    expect(payments.map((payment) => payment.status)).toEqual(['succeeded']);
    const mails = await paidMails(statement.number);
    expect(mails.map((mail) => [mail.kind, mail.toAddress, mail.subject])).toEqual([
      ['company_statement_paid_twice_company', ctx.app.config.COMPANY_EMAIL, `Facture mensuelle ${statement.number} déjà réglée : remboursement à faire`],
    ]);
    expect(mails[0]!.textBody).toContain(`Double Paiement SAS a payé ${frenchEuros(statement.totalInclTaxCents)} par carte pour la facture mensuelle ${statement.number}, déjà marquée payée.`);
    expect(mails[0]!.textBody).toContain('Remboursez ce paiement depuis le tableau de bord Stripe');
  });
});

describe('the company discount', () => {
  const stepTwo = async (id: number, token: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(token) });
    expectStatus(response, 200);
    return response.json() as { cars: { id: number; price_cents?: number; company_discount?: { percent: number; cents: number } }[] };
  };

  it('takes the percent off step two’s prices, the booking’s price and the statement, shown as a line; a private customer pays the list price', async () => {
    const company = await companyWithMembers('Remise Dix SAS', { discountPercent: '10' });
    const { booker } = company;
    const customer = await registerUser(ctx.app, { fullName: 'Private Price' });
    day += 1;
    const date = `${NEXT_YEAR}-06-${String(day).padStart(2, '0')}T10:00`;
    const memberTrip = await createBooking(ctx.app, booker.token, { date });
    const privateTrip = await createBooking(ctx.app, customer.token, { date });
    const listed = (await stepTwo(privateTrip, customer.token)).cars.find((car) => car.id === cars.vclass)!;
    const offered = (await stepTwo(memberTrip, booker.token)).cars.find((car) => car.id === cars.vclass)!;
    expect(listed.price_cents).toBeGreaterThan(0);
    expect(listed.company_discount).toBeUndefined();
    const discount = Math.round(listed.price_cents! / 10);
    expect(offered).toMatchObject({ price_cents: listed.price_cents! - discount, company_discount: { percent: 10, cents: discount } });

    expectStatus(await chooseCar(ctx.app, booker.token, memberTrip, cars.vclass), 200);
    const stepThree = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-three/${memberTrip}`, headers: bearer(booker.token) });
    expect(stepThree.json().price_cents).toBe(listed.price_cents! - discount);
    expectStatus(await confirm(booker.token, memberTrip), 200);
    expect((await bookingRow(memberTrip)).totalCents).toBe(listed.price_cents! - discount);
    await driven(memberTrip);

    expectStatus(await owner({ method: 'POST', url: '/api/invoice/company-statements', payload: { month: thisMonth() } }), 200);
    const [statement] = await ctx.database.db.select().from(companyStatements).where(eq(companyStatements.companyId, company.id));
    expect(statement!.totalInclTaxCents).toBe(listed.price_cents! - discount);
    const pdf = await owner({ method: 'GET', url: `/api/invoice/company-statements/pdf/${statement!.id}` });
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain('Remise entreprise −10 % incluse');
    const { xml } = await detach(pdf.rawPayload);
    expect(xml).toContain('Remise entreprise −10 % incluse');
    expect(await schemaCheck(xml)).toBe('validates');
  });

  it('a discount the owner changes, or a booker leaving the company, reaches step two at once (no answer kept from before)', async () => {
    const company = await companyWithMembers('Remise Vingt SAS', { discountPercent: '10' });
    const { booker } = company;
    const trip = await createBooking(ctx.app, booker.token, { date: `${NEXT_YEAR}-06-${String((day += 1)).padStart(2, '0')}T10:00` });
    const before = (await stepTwo(trip, booker.token)).cars.find((car) => car.id === cars.vclass)!;
    expect(before.company_discount?.percent).toBe(10);
    const listPrice = before.price_cents! + before.company_discount!.cents;

    expectStatus(await owner({ method: 'PUT', url: `/api/company/update/${company.id}`, payload: { ...COMPANY, legalName: 'Remise Vingt SAS', billingEmails: uniqueEmail('billing'), discountPercent: '20' } }), 200);
    const after = (await stepTwo(trip, booker.token)).cars.find((car) => car.id === cars.vclass)!;
    expect(after).toMatchObject({ price_cents: listPrice - Math.round(listPrice / 5), company_discount: { percent: 20, cents: Math.round(listPrice / 5) } });

    expectStatus(await company.admin.call({ method: 'DELETE', url: `/api/company/member/delete/${booker.id}` }), 200);
    const alone = (await stepTwo(trip, booker.token)).cars.find((car) => car.id === cars.vclass)!;
    expect(alone.company_discount).toBeUndefined();
    expect(alone.price_cents).toBe(listPrice);
  });
});

describe('the credit limit: empty is no limit, 0 is no credit', () => {
  it('refuses every on-account booking of a company with a limit of 0, translated, nothing kept; an empty limit lets them through', async () => {
    const none = await companyWithMembers('Sans Encours SARL', { creditLimit: '0' });
    expect((await owner({ method: 'GET', url: `/api/company/get/${none.id}` })).json().data.creditLimitCents).toBe(0);
    const id = await chosen(none.booker.token);
    const refused = await confirm(none.booker.token, id, {}, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'credit_none', message: 'Your company has no credit with us: a booking on account is not possible. Contact us.' });
    expect((await confirm(none.booker.token, id, {}, 'ar')).json().message).toBe('ليس لشركتك أي ائتمان لدينا: لا يمكن الحجز على الحساب. اتصل بنا.');
    expect((await bookingRow(id)).status).toBe('car_selected');

    const open = await companyWithMembers('Sans Plafond SAS', { creditLimit: '' });
    const listed = (await owner({ method: 'GET', url: '/api/company/getAll' })).json().data as { id: number; creditLimitCents: number | null }[];
    expect(listed.find((company) => company.id === open.id)?.creditLimitCents).toBeNull();
    expect(listed.find((company) => company.id === none.id)?.creditLimitCents).toBe(0);
    for (let trip = 0; trip < 2; trip += 1) expectStatus(await confirm(open.booker.token, await chosen(open.booker.token)), 200);
  });
});

describe('the accountant’s export', () => {
  it('lists the month’s statements as sales invoices: number, date, type, company, amounts, rate', async () => {
    const { statement } = await statementOf('Export Comptable SA');
    const response = await owner({ method: 'GET', url: `/api/invoice/export?month=${thisMonth()}` });
    expectStatus(response, 200);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Numéro;Date;Type;Réservation;Client;HT;TVA;TTC;Taux TVA;Avoir de');
    const comma = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    const day = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short' }).format(statement.issuedAt);
    expect(lines).toContain(
      [statement.number, day, 'Facture mensuelle', '', 'Export Comptable SA', comma(statement.totalExclTaxCents), comma(statement.vatCents), comma(statement.totalInclTaxCents), '10', ''].join(';'),
    );
    // In the order of the invoices' one series: numbers rise down the file.
    const numbers = lines.slice(1).filter(Boolean).map((line) => line.split(';')[0]!).filter((number) => number.startsWith('F-'));
    expect(numbers).toEqual([...numbers].sort());
  });
});
