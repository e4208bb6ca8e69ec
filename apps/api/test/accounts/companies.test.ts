import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings, companies, companyInvitations, companyMembers, mailOutbox, users } from '../../src/platform/db/schema.ts';
import { backOfficeUsers, fieldErrors, type Caller } from '../catalogue/catalogue-helpers.ts';
import { bearer, registerUser, uniqueEmail, verifyAddress } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, NEXT_YEAR } from '../booking/booking-helpers.ts';

let ctx: TestContext;
let owner: Caller;
let customer: Caller;
let carId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  ({ admin: owner, user: customer } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => ctx.close());

const COMPANY_EMAIL = 'contact@riviera-vtc.fr';

const REQUEST = {
  legalName: 'Hôtel Negresco SAS',
  siren: '303 265 045',
  vatNumber: 'FR 40 303 265 045',
  address: '37 promenade des Anglais, 06000 Nice',
  fullName: 'Claire Martin',
  phone: '+33 6 12 34 56 78',
};

const COMPANY = {
  legalName: 'Conciergerie du Port',
  siren: '542 051 180',
  vatNumber: 'FR59542051180',
  billingAddress: '2 quai Lunel, 06300 Nice',
  billingEmails: 'compta@port.example, factures@port.example',
  paymentTermsDays: 45,
  creditLimit: '5000',
  purchaseOrderRequired: false,
  costCentres: 'Réception\nÉvénements',
  discountPercent: '7,5',
};

const as =
  (token: string): Caller =>
  (options) =>
    ctx.app.inject({ ...options, headers: { ...bearer(token), ...options.headers } });

const mailsTo = (address: string, kind?: string) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, address), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(asc(mailOutbox.id));

async function request(body: Record<string, unknown>, language = 'fr'): Promise<LightMyRequestResponse> {
  return ctx.app.inject({ method: 'POST', url: '/api/company/request', payload: body, headers: { 'accept-language': language } });
}

async function addCompany(body: Record<string, unknown> = COMPANY): Promise<number> {
  const response = await owner({ method: 'POST', url: '/api/company/add', payload: body });
  expectStatus(response, 201);
  return response.json().data.id as number;
}

/** A verified account and a caller with its token. */
async function account(fullName: string) {
  const session = await registerUser(ctx.app, { fullName, email: uniqueEmail('member') });
  return { id: session.user.id!, email: session.user.email, call: as(session.token), token: session.token };
}

/** A company with an admin and a booker, both verified accounts added by the owner. */
async function companyWithMembers(legalName: string) {
  const id = await addCompany({ ...COMPANY, legalName });
  const admin = await account(`Alice ${legalName}`);
  const booker = await account(`Bruno ${legalName}`);
  expectStatus(await owner({ method: 'POST', url: '/api/company/member/add', payload: { email: admin.email, role: 'admin', companyId: id } }), 200);
  expectStatus(await admin.call({ method: 'POST', url: '/api/company/member/add', payload: { email: booker.email, role: 'booker' } }), 200);
  return { id, admin, booker };
}

let day = 0;
/** A booking confirmed by this account at step three, on a pickup day of its own. */
async function confirmedBooking(token: string, confirm: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  day += 1;
  const date = `${NEXT_YEAR}-${String(6 + Math.floor((day - 1) / 28)).padStart(2, '0')}-${String(((day - 1) % 28) + 1).padStart(2, '0')}T09:00`;
  const id = await createBooking(ctx.app, token, { date });
  expectStatus(await chooseCar(ctx.app, token, id, carId), 200);
  return confirmBooking(ctx.app, token, id, { method: 'cash', ...confirm });
}

describe('a visitor asks for a business account', () => {
  it('refuses a wrong SIREN key, a VAT number of no EU format or of another SIREN, in the reader’s language; nothing kept or mailed', async () => {
    const before = await ctx.database.db.select().from(companies);
    const outboxBefore = await ctx.database.db.select().from(mailOutbox);
    const wrong = await request({ ...REQUEST, email: 'claire@negresco.example', siren: '303 265 046', vatNumber: 'FR 40 3032' }, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrors(wrong)).toEqual({
      siren: 'This SIREN or SIRET is wrong: check the digits',
      vatNumber: 'Invalid VAT number: EU country code, then the number (e.g. FR 40 303265045)',
    });
    const mismatch = await request({ ...REQUEST, email: 'claire@negresco.example', siren: '542051180' });
    expect(fieldErrors(mismatch)).toEqual({ vatNumber: 'Ce numéro de TVA ne correspond pas au SIREN indiqué' });
    const key = await request({ ...REQUEST, email: 'claire@negresco.example', vatNumber: 'FR41303265045' }, 'ar');
    expect(fieldErrors(key)).toEqual({ vatNumber: 'مفتاح رقم ضريبة القيمة المضافة هذا لا يطابق رقم SIREN الذي يتضمنه' });
    const none = await request({ ...REQUEST, email: 'claire@negresco.example', siren: '', vatNumber: '' });
    expect(fieldErrors(none)).toEqual({ siren: 'Indiquez le SIREN ou le numéro de TVA' });
    expect(await ctx.database.db.select().from(companies)).toEqual(before);
    expect(await ctx.database.db.select().from(mailOutbox)).toEqual(outboxBefore);
  });

  it('keeps the request, mails the operator what to check and the requester a receipt without their words', async () => {
    const email = uniqueEmail('claire');
    const response = await request({ ...REQUEST, email }, 'en');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Request sent: we check the company and answer you by e-mail' });
    const [company] = await ctx.database.db.select().from(companies).where(eq(companies.contactEmail, email));
    expect(company).toMatchObject({ status: 'requested', siren: '303265045', vatNumber: 'FR40303265045', language: 'en', contactPhone: '+33612345678', billingEmails: [email] });

    const [operator] = (await mailsTo(COMPANY_EMAIL, 'company_request')).filter((mail) => mail.replyTo === email);
    expect(operator?.subject).toBe('Demande de compte professionnel : Hôtel Negresco SAS');
    expect(operator?.textBody).toContain('SIREN / SIRET : 303 265 045');
    expect(operator?.textBody).toContain('N° de TVA : FR 40 303265045');
    expect(operator?.textBody).toContain('http://localhost:3000/companies');
    const [receipt] = await mailsTo(email, 'company_request_receipt');
    expect(receipt?.subject).toBe('We have received your business account request');
    expect(receipt?.textBody).not.toContain('Negresco');
    expect(receipt?.textBody).not.toContain('Claire');
  });
});

describe('requests are rate limited like the contact form', () => {
  it('answers 429 past the limit, and keeps nothing more', async () => {
    // A database of its own: limits count in the database, and this file's other requests came from the same address.
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/company/request',
          payload: { ...REQUEST, email: uniqueEmail('limited') },
          headers: { 'accept-language': 'en' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json()).toEqual({ code: 'too_many_requests', message: 'Too many attempts, try again in a few minutes' });
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(await limited.database.db.select().from(companies)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('the owner answers requests', () => {
  it('lists requests first; approves one: the requester is mailed in their language and invited as its admin', async () => {
    const email = uniqueEmail('requester');
    expectStatus(await request({ ...REQUEST, legalName: 'Yachts Azur SARL', email }, 'en'), 201);
    const list = await owner({ method: 'GET', url: '/api/company/getAll' });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: number; status: string; legalName: string }[];
    expect(rows[0]?.status).toBe('requested');
    const id = rows.find((row) => row.legalName === 'Yachts Azur SARL')!.id;

    expect((await customer({ method: 'PUT', url: `/api/company/approve/${id}` })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/company/approve/${id}` })).statusCode).toBe(401);

    const approved = await owner({ method: 'PUT', url: `/api/company/approve/${id}`, headers: { 'accept-language': 'en' } });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ message: 'Account opened: the requester has been told by e-mail', data: { id, status: 'active', decidedAt: expect.any(String) } });
    const [mail] = await mailsTo(email, 'company_approved');
    expect(mail?.subject).toBe('Your business account Yachts Azur SARL is open');
    expect(mail?.textBody).toContain(`http://localhost:3000/auth/register?email=${encodeURIComponent(email)}`);
    expect(await ctx.database.db.select({ role: companyInvitations.role }).from(companyInvitations).where(eq(companyInvitations.email, email))).toEqual([{ role: 'admin' }]);

    const again = await owner({ method: 'PUT', url: `/api/company/approve/${id}`, headers: { 'accept-language': 'en' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'company_not_requested', message: 'This request has already been answered' });
    expect(await mailsTo(email, 'company_approved')).toHaveLength(1);

    // The requester creates the account with that address and confirms it: they are the company's admin.
    const session = await registerUser(ctx.app, { email, fullName: 'Claire Martin' }, { verify: false });
    const before = await as(session.token)({ method: 'GET', url: '/api/company/mine' });
    expect(before.statusCode).toBe(403);
    await verifyAddress(ctx.app, email);
    const mine = await as(session.token)({ method: 'GET', url: '/api/company/mine' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ id, legalName: 'Yachts Azur SARL', role: 'admin', members: [{ email, role: 'admin', fullName: 'Claire Martin' }], invitations: [] });
    const profile = await as(session.token)({ method: 'GET', url: '/api/profile/getAll' });
    expect(profile.json().data.company).toEqual({ id, legalName: 'Yachts Azur SARL', role: 'admin' });
  });

  it('approving the request of a verified account makes it the admin at once and mails a sign-in link', async () => {
    const requester = await account('Marc Lefèvre');
    expectStatus(await request({ ...REQUEST, legalName: 'Agence Riviera Events', email: requester.email }), 201);
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.legalName, 'Agence Riviera Events'));
    expectStatus(await owner({ method: 'PUT', url: `/api/company/approve/${row!.id}` }), 200);
    const [mail] = await mailsTo(requester.email, 'company_approved');
    expect(mail?.subject).toBe('Votre compte professionnel Agence Riviera Events est ouvert');
    expect(mail?.textBody).toContain('http://localhost:3000/account/company');
    expect((await requester.call({ method: 'GET', url: '/api/company/mine' })).json().data.role).toBe('admin');
  });

  it('refuses a request with a reason: mailed without the visitor’s words; a refused request cannot be approved', async () => {
    const email = uniqueEmail('refused');
    expectStatus(await request({ ...REQUEST, legalName: 'Spam <b>Company</b>', email }), 201);
    const [row] = await ctx.database.db.select().from(companies).where(eq(companies.contactEmail, email));
    const refused = await owner({ method: 'PUT', url: `/api/company/refuse/${row!.id}`, payload: { reason: 'Nous ne desservons pas votre secteur.' } });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ message: 'Demande refusée : le demandeur a été prévenu par e-mail', data: { status: 'refused', refusalReason: 'Nous ne desservons pas votre secteur.' } });
    const [mail] = await mailsTo(email, 'company_refused');
    expect(mail?.textBody).toContain('Motif : Nous ne desservons pas votre secteur.');
    expect(mail?.textBody).not.toContain('Spam');
    expect((await owner({ method: 'PUT', url: `/api/company/approve/${row!.id}` })).json().code).toBe('company_not_requested');
    expect((await owner({ method: 'PUT', url: '/api/company/refuse/999999' })).json()).toEqual({ code: 'company_not_found', message: 'Ce compte entreprise n’existe pas' });
  });
});

describe('the owner’s company accounts', () => {
  it('adds a company open at once, edits and deletes it', async () => {
    const added = await owner({ method: 'POST', url: '/api/company/add', payload: COMPANY, headers: { 'accept-language': 'en' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      message: 'Added successfully',
      data: expect.objectContaining({
        legalName: 'Conciergerie du Port',
        siren: '542051180',
        vatNumber: 'FR59542051180',
        billingEmails: ['compta@port.example', 'factures@port.example'],
        paymentTermsDays: 45,
        creditLimitCents: 500_000,
        purchaseOrderRequired: false,
        costCentres: ['Réception', 'Événements'],
        discountPercent: 7.5,
        status: 'active',
        contact: null,
        memberCount: 0,
      }),
    });
    const id = added.json().data.id as number;
    const updated = await owner({ method: 'PUT', url: `/api/company/update/${id}`, payload: { ...COMPANY, purchaseOrderRequired: true, discountPercent: 0 } });
    expect(updated.json()).toMatchObject({ message: 'Modifié avec succès', data: { id, purchaseOrderRequired: true, discountPercent: 0, status: 'active' } });
    const details = await owner({ method: 'GET', url: `/api/company/get/${id}` });
    expect(details.json().data).toMatchObject({ id, members: [], invitations: [] });
    const deleted = await owner({ method: 'DELETE', url: `/api/company/delete/${id}` });
    expect(deleted.json()).toEqual({ message: 'Supprimé avec succès', data: { id } });
    expect((await owner({ method: 'GET', url: `/api/company/get/${id}` })).statusCode).toBe(404);
  });

  it('refuses bad fields with translated field errors, and changes nothing', async () => {
    const before = await ctx.database.db.select().from(companies);
    const response = await owner({
      method: 'POST',
      url: '/api/company/add',
      payload: { ...COMPANY, siren: '12345678', billingEmails: 'ok@port.example, nope', paymentTermsDays: 90, discountPercent: 150, creditLimit: '-3' },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual({
      siren: 'A SIREN has 9 digits, a SIRET 14',
      billingEmails: 'Invalid e-mail address',
      paymentTermsDays: 'The value must be between 0 and 60',
      discountPercent: 'Invalid percentage (0 to 100, 2 decimals at most)',
      creditLimit: 'Invalid amount (euros, at most 2 decimals)',
    });
    expect(await ctx.database.db.select().from(companies)).toEqual(before);
    expect((await customer({ method: 'POST', url: '/api/company/add', payload: COMPANY })).statusCode).toBe(403);
  });

  it('keeps a company its members booked for: 409 company_has_bookings', async () => {
    const { id, booker } = await companyWithMembers('Hôtel Beau Rivage');
    expectStatus(await confirmedBooking(booker.token), 200);
    const refused = await owner({ method: 'DELETE', url: `/api/company/delete/${id}`, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'company_has_bookings', message: 'Bookings were made for this company: it cannot be deleted' });
  });
});

describe('members', () => {
  it('a company admin adds a verified account at once (mailed) and invites an unknown address to create one', async () => {
    const { id, admin } = await companyWithMembers('Hôtel Carlton');
    const colleague = await account('Chloé Carlton');
    const added = await admin.call({ method: 'POST', url: '/api/company/member/add', payload: { email: colleague.email.toUpperCase(), role: 'booker' }, headers: { 'accept-language': 'en' } });
    expect(added.json()).toEqual({ message: `${colleague.email} now books for the company and has been told`, data: { outcome: 'added', email: colleague.email } });
    const [notice] = await mailsTo(colleague.email, 'company_member_added');
    expect(notice?.subject).toBe('Vous réservez désormais pour Hôtel Carlton');

    const stranger = uniqueEmail('future');
    const invited = await admin.call({ method: 'POST', url: '/api/company/member/add', payload: { email: stranger, role: 'admin' } });
    expect(invited.json()).toEqual({ message: `Invitation envoyée à ${stranger}`, data: { outcome: 'invited', email: stranger } });
    const [invitation] = await mailsTo(stranger, 'company_invitation');
    expect(invitation?.subject).toBe('Invitation à réserver pour Hôtel Carlton');
    expect(invitation?.textBody).toContain(`/auth/register?email=${encodeURIComponent(stranger)}`);
    expect(invitation?.textBody).not.toContain('Alice');
    const mine = await admin.call({ method: 'GET', url: '/api/company/mine' });
    expect(mine.json().data.invitations).toEqual([expect.objectContaining({ email: stranger, role: 'admin' })]);
    expect(mine.json().data.members.map((member: { fullName: string }) => member.fullName)).toEqual(['Alice Hôtel Carlton', 'Bruno Hôtel Carlton', 'Chloé Carlton']);

    const again = await admin.call({ method: 'POST', url: '/api/company/member/add', payload: { email: colleague.email } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_member');

    // Withdrawn, the invitation no longer makes a member of whoever confirms that address.
    const invitationId = mine.json().data.invitations[0].id as number;
    expectStatus(await admin.call({ method: 'DELETE', url: `/api/company/invitation/delete/${invitationId}` }), 200);
    const late = await registerUser(ctx.app, { email: stranger });
    expect((await as(late.token)({ method: 'GET', url: '/api/company/mine' })).statusCode).toBe(403);
    expect(await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.companyId, id))).toHaveLength(3);
  });

  it('a booker cannot manage members; the company keeps one admin', async () => {
    const { admin, booker } = await companyWithMembers('Hôtel Martinez');
    const refused = await booker.call({ method: 'POST', url: '/api/company/member/add', payload: { email: uniqueEmail('x') }, headers: { 'accept-language': 'en' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'company_admin_only', message: 'For the company account’s administrators only' });
    expect((await booker.call({ method: 'DELETE', url: `/api/company/member/delete/${admin.id}` })).json().code).toBe('company_admin_only');
    const last = await admin.call({ method: 'DELETE', url: `/api/company/member/delete/${admin.id}` });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('last_company_admin');
    // A member may leave.
    expectStatus(await booker.call({ method: 'DELETE', url: `/api/company/member/delete/${booker.id}` }), 200);
    expect((await booker.call({ method: 'GET', url: '/api/company/mine' })).statusCode).toBe(403);
  });

  it('the owner must name the company when adding a member', async () => {
    const response = await owner({ method: 'POST', url: '/api/company/member/add', payload: { email: uniqueEmail('y') } });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual({ companyId: 'Ce champ est obligatoire' });
  });
});

describe('access between companies', () => {
  it('a member of company A reaches nothing of company B', async () => {
    const a = await companyWithMembers('Société A');
    const b = await companyWithMembers('Société B');
    expectStatus(await confirmedBooking(a.booker.token, { billing: { companyName: 'ignored', address: 'x', siren: '542051180', purchaseOrder: 'PO-A1' } }), 200);
    expectStatus(await confirmedBooking(b.booker.token), 200);
    expectStatus(await confirmedBooking(b.admin.token), 200);

    // Each admin sees their own company's bookings only, a booker their own.
    const ofA = await a.admin.call({ method: 'GET', url: '/api/company/bookings' });
    expect(ofA.statusCode).toBe(200);
    expect(ofA.json().data).toEqual([expect.objectContaining({ booker: { userId: a.booker.id, fullName: 'Bruno Société A' }, purchaseOrder: 'PO-A1', passengerName: 'Camille Martin' })]);
    expect((await b.admin.call({ method: 'GET', url: '/api/company/bookings' })).json().data).toHaveLength(2);
    expect((await b.booker.call({ method: 'GET', url: '/api/company/bookings' })).json().data).toEqual([expect.objectContaining({ booker: expect.objectContaining({ userId: b.booker.id }) })]);

    // Naming B's people from A: nothing of B comes back.
    expect((await a.admin.call({ method: 'GET', url: `/api/company/bookings?booker=${b.booker.id}` })).json().data).toEqual([]);
    const bookerOfA = await a.booker.call({ method: 'GET', url: `/api/company/bookings?booker=${b.booker.id}`, headers: { 'accept-language': 'en' } });
    expect(bookerOfA.statusCode).toBe(403);
    expect(bookerOfA.json().code).toBe('company_admin_only');
    const removeB = await a.admin.call({ method: 'DELETE', url: `/api/company/member/delete/${b.booker.id}`, headers: { 'accept-language': 'en' } });
    expect(removeB.statusCode).toBe(404);
    expect(removeB.json()).toEqual({ code: 'member_not_found', message: 'This person is not a member of the company' });
    const inviteIntoB = await a.admin.call({ method: 'POST', url: '/api/company/member/add', payload: { email: uniqueEmail('z'), companyId: b.id } });
    expect(inviteIntoB.statusCode).toBe(404);
    expect(inviteIntoB.json().code).toBe('company_not_found');
    const takeB = await a.admin.call({ method: 'POST', url: '/api/company/member/add', payload: { email: b.booker.email } });
    expect(takeB.statusCode).toBe(409);
    expect(takeB.json().code).toBe('member_of_other_company');
    expect((await a.booker.call({ method: 'GET', url: `/api/company/get/${b.id}` })).statusCode).toBe(403);
    expect(await ctx.database.db.select({ userId: companyMembers.userId }).from(companyMembers).where(eq(companyMembers.companyId, b.id))).toHaveLength(2);

    // A customer in no company gets 403 on the members' routes.
    const outsider = await customer({ method: 'GET', url: '/api/company/bookings', headers: { 'accept-language': 'en' } });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toEqual({ code: 'company_member_only', message: 'For members of a company account only' });
  });

  it('a removed member’s session goes on but loses the company at once', async () => {
    const { admin, booker } = await companyWithMembers('Société C');
    expectStatus(await confirmedBooking(booker.token), 200);
    expect((await booker.call({ method: 'GET', url: '/api/company/bookings' })).json().data).toHaveLength(1);

    expectStatus(await admin.call({ method: 'DELETE', url: `/api/company/member/delete/${booker.id}` }), 200);
    // The same access token, not refreshed: the company is gone, the account is not.
    expect((await booker.call({ method: 'GET', url: '/api/company/mine' })).statusCode).toBe(403);
    expect((await booker.call({ method: 'GET', url: '/api/company/bookings' })).statusCode).toBe(403);
    expect((await booker.call({ method: 'GET', url: '/api/profile/getAll' })).json().data.company).toBeNull();
    expect((await booker.call({ method: 'GET', url: '/api/user/booking/getAll' })).statusCode).toBe(200);
    // Their next booking is their own; the one made for the company stays the company's.
    const own = await confirmedBooking(booker.token);
    expectStatus(own, 200);
    const [row] = await ctx.database.db.select({ companyId: bookings.companyId, billing: bookings.billing }).from(bookings).where(eq(bookings.id, own.json().data.id));
    expect(row).toEqual({ companyId: null, billing: null });
    expect((await admin.call({ method: 'GET', url: '/api/company/bookings' })).json().data).toHaveLength(1);
  });
});

describe('a member books for the company', () => {
  it('the booking belongs to the company and carries its identity; a purchase order is asked when the company requires one', async () => {
    const { id, booker } = await companyWithMembers('Hôtel Royal');
    expectStatus(await owner({ method: 'PUT', url: `/api/company/update/${id}`, payload: { ...COMPANY, legalName: 'Hôtel Royal', purchaseOrderRequired: true } }), 200);
    const missing = await confirmedBooking(booker.token);
    expect(missing.statusCode).toBe(400);
    // Asked as step three's reference (decision 0141).
    expect(fieldErrors(missing)).toEqual({ reference: 'Votre entreprise demande un numéro de bon de commande pour chaque réservation' });

    const made = await confirmedBooking(booker.token, { billing: { companyName: 'Autre', address: 'Ailleurs', vatNumber: 'DE123456789', purchaseOrder: 'BC-2041' } });
    expectStatus(made, 200);
    const [row] = await ctx.database.db.select({ companyId: bookings.companyId, billing: bookings.billing }).from(bookings).where(eq(bookings.id, made.json().data.id));
    expect(row).toEqual({
      companyId: id,
      billing: { companyName: 'Hôtel Royal', address: '2 quai Lunel, 06300 Nice', siren: '542051180', vatNumber: 'FR59542051180', purchaseOrder: 'BC-2041' },
    });
  });
});

describe('the account leaves its company when deleted', () => {
  it('a deleted account is no member any more', async () => {
    const { booker } = await companyWithMembers('Société D');
    const response = await booker.call({ method: 'DELETE', url: '/api/profile/delete', payload: { password: 'correct-horse-battery' } });
    expectStatus(response, 200);
    expect(await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.userId, booker.id))).toEqual([]);
    expect((await ctx.database.db.select({ billing: users.billing }).from(users).where(eq(users.id, booker.id)))[0]).toEqual({ billing: null });
  });
});
