import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { chooseCar, confirmBooking, createBooking, demoCars, expectStatus, NEXT_YEAR } from './booking-helpers.ts';

type ErrorBody = { message: string; code: string; errors?: { path: string; message: string }[] };
type ListBody = { data: { id: number; customer: { fullName: string }; contact_name: string | null }[]; nextCursor: string | null };
type UsersBody = { data: { id: number; full_name: string; booking_count: number }[]; nextCursor: number | null };

/**
 * The back office search (decision 0071): any word of the name or e-mail, accents and case
 * ignored, a phone in any format, a booking number, a pickup date range; bad input is a clear
 * translated 400 or simply no match, never a 500.
 */
describe('admin search of bookings and users', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let marc: Awaited<ReturnType<typeof registerUser>>;
  let helene: Awaited<ReturnType<typeof registerUser>>;
  const ids = { marc: 0, helene: 0, paul: 0, marcDraft: 0 };
  const day = (n: number) => `${NEXT_YEAR}-05-${String(n).padStart(2, '0')}`;

  /** A booking confirmed at step three on a day of its own (a pending booking holds its car). */
  async function confirmed(customer: { token: string }, date: string, contact: Record<string, unknown>): Promise<number> {
    const carId = (await demoCars(ctx.database.db)).vclass;
    const id = await createBooking(ctx.app, customer.token, { date: `${date}T10:00` });
    expectStatus(await chooseCar(ctx.app, customer.token, id, carId), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id, contact), 200);
    return id;
  }

  const list = async (query: string, language = 'fr') =>
    ctx.app.inject({ method: 'GET', url: `/api/booking/getAll?limit=100&${query}`, headers: { ...bearer(admin.token), 'accept-language': language } });
  const found = async (q: string) => {
    const response = await list(`q=${encodeURIComponent(q)}`);
    expectStatus(response, 200);
    return (response.json() as ListBody).data.map((b) => b.id);
  };
  const users = async (query: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/user/getAll?limit=200&${query}`, headers: bearer(admin.token) });
    expectStatus(response, 200);
    return (response.json() as UsersBody).data;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.database.db);
    admin = await loginAdmin(ctx.app, ctx.database);
    marc = await registerUser(ctx.app, { fullName: 'Marc Dupont', phone: '+33611223344', email: `marc.dupont-${Date.now()}@example.test` });
    helene = await registerUser(ctx.app, { fullName: 'Hélène Lefèvre', phone: '+33755667788' });
    ids.marc = await confirmed(marc, day(1), { fullName: 'Marc Dupont', email: 'marc@example.test', phone: '+33611223344' });
    ids.helene = await confirmed(helene, day(3), { fullName: 'Hélène Lefèvre', email: 'h.lefevre@example.test', phone: '+33755667788' });
    // Booked from Hélène's account for a passenger of another name, typed at step three.
    ids.paul = await confirmed(helene, day(5), { fullName: "Paul O'Brien-Ménard", email: 'paul@example.test', phone: '+447911123456' });
    ids.marcDraft = await createBooking(ctx.app, marc.token, { date: `${day(7)}T10:00` });
  });
  afterAll(async () => ctx.close());

  it('finds any word of the name, whatever its case and accents', async () => {
    expect(await found('Dupont')).toEqual([ids.marcDraft, ids.marc]);
    expect(await found('dupont')).toEqual([ids.marcDraft, ids.marc]);
    expect(await found('MARC')).toEqual([ids.marcDraft, ids.marc]);
    expect(await found('  dupont marc ')).toEqual([ids.marcDraft, ids.marc]);
    expect(await found('helene')).toEqual([ids.paul, ids.helene]);
    expect(await found('LEFEVRE')).toEqual([ids.paul, ids.helene]);
    expect(await found('hélène lefèvre')).toEqual([ids.paul, ids.helene]);
    // The passenger typed at step three is found too, by a part of a word.
    expect(await found('menard')).toEqual([ids.paul]);
    expect(await found("o'brien")).toEqual([ids.paul]);
    expect(await found('Marc Lefèvre')).toEqual([]);
  });

  it('finds the e-mail of the account or of the contact', async () => {
    expect(await found(marc.user.email.toUpperCase())).toEqual([ids.marcDraft, ids.marc]);
    expect(await found('h.lefevre@example')).toEqual([ids.helene]);
  });

  it('finds a phone number written in any format', async () => {
    for (const phone of ['06 11 22 33 44', '+33 6 11 22 33 44', '0611223344', '06.11.22.33.44', '0033611223344', '+33611223344']) {
      expect(await found(phone), phone).toEqual([ids.marcDraft, ids.marc]);
    }
    expect(await found('07 55 66 77 88')).toEqual([ids.paul, ids.helene]);
    expect(await found('+44 7911 123456')).toEqual([ids.paul]);
    expect(await found('06 99 99 99 99')).toEqual([]);
  });

  it('finds a phone by its start, as it is typed, or by its end, with or without the country code (decision 0104)', async () => {
    for (const part of ['06 11 22', '+33 6 11 22', '0033 611', '22 33 44', '6 11 22 33 44', '33 6 11 22 33 44', '611223344']) {
      expect(await found(part), part).toEqual([ids.marcDraft, ids.marc]);
      expect((await users(`q=${encodeURIComponent(part)}`)).map((u) => u.id), part).toEqual([marc.user.id]);
    }
    expect(await found('7911 123456')).toEqual([ids.paul]);
    expect(await found('+44 7911')).toEqual([ids.paul]);
    // A number with a word: both must match.
    expect(await found('dupont 06 11 22 33 44')).toEqual([ids.marcDraft, ids.marc]);
    expect(await found('lefevre 0611223344')).toEqual([]);
    // Digits from the middle of a number are not a number anyone reads out: no match.
    expect(await found('11 22 33')).toEqual([]);
    expect(await found('+33 11 22 33 44')).toEqual([]);
  });

  it('finds a booking by its number', async () => {
    expect(await found(`#${ids.helene}`)).toEqual([ids.helene]);
    expect(await found(String(ids.helene))).toEqual([ids.helene]);
    expect(await found('#2147483648')).toEqual([]);
  });

  it('keeps pickups between two Paris days, both included', async () => {
    const between = async (query: string) => {
      const response = await list(query);
      expectStatus(response, 200);
      return (response.json() as ListBody).data.map((b) => b.id);
    };
    expect(await between(`from=${day(1)}&to=${day(1)}`)).toEqual([ids.marc]);
    expect(await between(`from=${day(2)}&to=${day(5)}`)).toEqual([ids.paul, ids.helene]);
    expect(await between(`from=${day(5)}`)).toEqual(expect.arrayContaining([ids.marcDraft, ids.paul]));
    expect(await between(`from=${day(5)}`)).not.toContain(ids.helene);
    expect(await between(`to=${day(3)}&q=lefevre`)).toEqual([ids.helene]);
  });

  it('answers a date range the wrong way round, or a day that does not exist, with a translated 400', async () => {
    const reversed = await list(`from=${day(5)}&to=${day(1)}`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'to', message: 'La date de fin doit être le jour de début ou après' }] });
    const inEnglish = await list(`from=${day(5)}&to=${day(1)}`, 'en');
    expect((inEnglish.json() as ErrorBody).errors).toEqual([{ path: 'to', message: 'The end date must be on or after the start date' }]);
    const inArabic = await list(`from=${day(5)}&to=${day(1)}`, 'ar');
    expect((inArabic.json() as ErrorBody).errors?.[0]?.message).toBe('يجب أن يكون تاريخ النهاية في يوم البداية أو بعده');
    for (const bad of [`${NEXT_YEAR}-02-30`, 'tomorrow', `${NEXT_YEAR}-5-1`]) {
      const response = await list(`from=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect((response.json() as ErrorBody).errors).toEqual([{ path: 'from', message: 'Date invalide' }]);
    }
  });

  it('takes %, _, backslashes and quotes literally: no match, no error', async () => {
    for (const q of ['%', '_', '%%', '\\', '"', "'; drop table bookings; --", 'dup%nt', 'd_pont', '\\%', '%25', "''"]) {
      expect(await found(q), q).toEqual([]);
      expect(await users(`q=${encodeURIComponent(q)}`), q).toEqual([]);
    }
    // A quote is a character like any other: O'Brien has one.
    expect(await found("'")).toEqual([ids.paul]);
    expect(await found('Dupont')).toEqual([ids.marcDraft, ids.marc]);
  });

  it('refuses a search longer than 100 characters with a translated 400, and ignores a blank one', async () => {
    const long = 'a'.repeat(500);
    const response = await list(`q=${long}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: 'q', message: 'La recherche est limitée à 100 caractères' }] });
    expect(((await list(`q=${long}`, 'en')).json() as ErrorBody).errors?.[0]?.message).toBe('A search is limited to 100 characters');
    expect(((await list(`q=${long}`, 'ar')).json() as ErrorBody).errors?.[0]?.message).toBe('البحث محدود بـ 100 حرفًا');
    const usersResponse = await ctx.app.inject({ method: 'GET', url: `/api/user/getAll?q=${long}`, headers: bearer(admin.token) });
    expect(usersResponse.statusCode).toBe(400);
    expect((usersResponse.json() as ErrorBody).errors?.[0]?.path).toBe('q');
    // 100 characters once trimmed is still a search.
    expect(await found(` ${'b'.repeat(100)} `)).toEqual([]);
    const all = (await (await list('q=%20%20')).json()) as ListBody;
    expect(all.data.map((b) => b.id)).toEqual(expect.arrayContaining(Object.values(ids)));
  });

  it('searches the users list the same way and gives each user’s booking count', async () => {
    const byName = await users('q=dupont');
    expect(byName.map((u) => [u.id, u.booking_count])).toEqual([[marc.user.id, 1]]);
    expect((await users('q=HELENE')).map((u) => [u.id, u.booking_count])).toEqual([[helene.user.id, 2]]);
    expect((await users(`q=${encodeURIComponent('06 11 22 33 44')}`)).map((u) => u.id)).toEqual([marc.user.id]);
    expect((await users(`q=${encodeURIComponent(`#${ids.paul}`)}`)).map((u) => u.id)).toEqual([helene.user.id]);
    // Without a search every account comes with its count; the admin has none.
    const everyone = await users('');
    expect(everyone.find((u) => u.id === admin.user.id)?.booking_count).toBe(0);
    expect(everyone.find((u) => u.id === helene.user.id)?.booking_count).toBe(2);
  });

  it('keeps the users list paging with a search', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/user/getAll?limit=1&q=example.test', headers: bearer(admin.token) });
    const body = first.json() as UsersBody;
    expect(body.data).toHaveLength(1);
    expect(body.nextCursor).toBe(body.data[0]!.id);
    const next = await users(`q=example.test&after=${body.nextCursor}`);
    expect(next.map((u) => u.id)).not.toContain(body.data[0]!.id);
    expect(next.length).toBeGreaterThan(0);
  });
});
