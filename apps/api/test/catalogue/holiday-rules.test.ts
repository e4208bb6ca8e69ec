import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDate } from '@vtc/shared/calendar/easter-sunday';
import { EASTER_OFFSETS, holidayDateIn } from '@vtc/shared/calendar/holiday-rules';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { holidays } from '../../src/platform/db/schema.ts';
import { bearer, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { createBooking, demoCars, expectStatus, MONACO, NEXT_YEAR, NICE } from '../booking/booking-helpers.ts';
import { backOfficeUsers, fieldErrors, type Caller } from './catalogue-helpers.ts';

let ctx: TestContext;
let admin: Caller;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoData(ctx.database.db);
  ({ admin } = await backOfficeUsers(ctx.app, ctx.database));
});
afterAll(async () => ctx.close());

const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, language = 'en') =>
  admin({ method, url, payload, headers: { 'accept-language': language } });
const rowCount = async () => (await ctx.database.db.select().from(holidays)).length;
type Item = { id: number; title: string; kind: string; day: number; month: number; easterOffset: number | null; nextDate: string };
const list = async () => (await admin({ method: 'GET', url: '/api/holiday/getAll' })).json().data as Item[];

describe('holiday rules', () => {
  it('starts with the eleven French public holidays, the movable ones counted from Easter', async () => {
    const items = await list();
    expect(items.map((h) => h.title)).toEqual([
      'Jour de l’an',
      'Fête du Travail',
      'Victoire 1945',
      'Fête nationale',
      'Assomption',
      'Toussaint',
      'Armistice 1918',
      'Noël',
      'Lundi de Pâques',
      'Ascension',
      'Lundi de Pentecôte',
    ]);
    const easterMonday = items.find((h) => h.title === 'Lundi de Pâques')!;
    expect(easterMonday).toMatchObject({ kind: 'easter', easterOffset: 1 });
    // The spec's day and month are those of the next date, which is an Easter Monday.
    expect(easterMonday.nextDate).toBe(`${easterMonday.nextDate.slice(0, 4)}-${String(easterMonday.month).padStart(2, '0')}-${String(easterMonday.day).padStart(2, '0')}`);
    const year = Number(easterMonday.nextDate.slice(0, 4));
    expect([year, year - 1].map((y) => isoDate(holidayDateIn({ kind: 'easter', easterOffset: 1 }, y)!))).toContain(easterMonday.nextDate);
    expect(items.find((h) => h.title === 'Noël')).toMatchObject({ kind: 'fixed', day: 25, month: 12, easterOffset: null });
  });

  it('prices a trip on Easter Monday with the holiday surcharge, nobody having typed its date', async () => {
    const customer = await registerUser(ctx.app);
    const carIds = await demoCars(ctx.database.db);
    const easterMonday = isoDate(holidayDateIn({ kind: 'easter', easterOffset: EASTER_OFFSETS.easterMonday }, NEXT_YEAR)!);
    if (NEXT_YEAR === 2027) expect(easterMonday).toBe('2027-03-29');
    const priced = async (date: string) => {
      const id = await createBooking(ctx.app, customer.token, { origin: NICE, destination: MONACO, date: `${date}T10:00` });
      const response = await ctx.app.inject({ method: 'GET', url: `/api/user/booking/step-two/${id}`, headers: bearer(customer.token) });
      expectStatus(response, 200);
      return (response.json() as { cars: { id: number; holiday: boolean; price_cents: number }[] }).cars.find((car) => car.id === carIds.vclass)!;
    };
    // Nice -> Monaco is listed at 95 € for the V-class; a holiday adds 20 %.
    expect(await priced(easterMonday)).toMatchObject({ holiday: true, price_cents: 11_400 });
    const dayAfter = new Date(`${easterMonday}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(await priced(dayAfter.toISOString().slice(0, 10))).toMatchObject({ holiday: false, price_cents: 9_500 });
  });

  it('adds an Easter-relative rule, edits it and shows its next date', async () => {
    const add = await send('POST', '/api/holiday/add', { title: 'Vendredi saint', kind: 'easter', easterOffset: -2 }, 'fr');
    expectStatus(add, 201);
    const created = add.json().data as Item;
    expect(created).toMatchObject({ title: 'Vendredi saint', kind: 'easter', easterOffset: -2 });
    const year = Number(created.nextDate.slice(0, 4));
    expect([year - 1, year].map((y) => isoDate(holidayDateIn({ kind: 'easter', easterOffset: -2 }, y)!))).toContain(created.nextDate);
    const items = await list();
    expect(items.find((h) => h.id === created.id)).toEqual(created);
    expect(items.filter((h) => h.kind === 'easter').map((h) => h.easterOffset)).toEqual([-2, 1, 39, 50]);

    const edit = await send('PUT', `/api/holiday/update/${created.id}`, { title: 'Vendredi saint', kind: 'fixed', day: 26, month: 12 });
    expectStatus(edit, 200);
    expect(edit.json().data).toMatchObject({ kind: 'fixed', day: 26, month: 12, easterOffset: null });
    const [row] = await ctx.database.db.select().from(holidays).where(eq(holidays.id, created.id));
    expect(row).toMatchObject({ kind: 'fixed', day: 26, month: 12, easterOffset: null });
    expectStatus(await admin({ method: 'DELETE', url: `/api/holiday/delete/${created.id}` }), 200);
  });

  it('refuses a second holiday on the same date or the same rule, in the reader’s language', async () => {
    const before = await rowCount();
    const christmas = await send('POST', '/api/holiday/add', { title: 'Noël encore', day: 25, month: 12 }, 'fr');
    expect(christmas.statusCode).toBe(409);
    expect(christmas.json()).toMatchObject({ code: 'holiday_exists', message: 'Ce jour férié existe déjà' });
    expect(fieldErrors(christmas)).toEqual({ day: 'Ce jour férié existe déjà' });

    const ascension = await send('POST', '/api/holiday/add', { title: 'Ascension', kind: 'easter', easterOffset: 39 }, 'ar');
    expect(ascension.statusCode).toBe(409);
    expect(ascension.json()).toMatchObject({ code: 'holiday_exists', message: 'هذه العطلة الرسمية موجودة بالفعل' });
    expect(fieldErrors(ascension)).toEqual({ easterOffset: 'هذه العطلة الرسمية موجودة بالفعل' });

    const [noel] = (await list()).filter((h) => h.title === 'Noël');
    const moved = await send('PUT', `/api/holiday/update/${noel!.id}`, { title: 'Noël', day: 1, month: 1 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'holiday_exists', message: 'This public holiday already exists' });
    expect(await rowCount()).toBe(before);
    expect((await list()).find((h) => h.id === noel!.id)).toMatchObject({ day: 25, month: 12 });
  });

  it('refuses impossible rules with clear messages and changes nothing', async () => {
    const before = await rowCount();
    const february = await send('POST', '/api/holiday/add', { title: 'x', kind: 'fixed', day: 31, month: 2 }, 'fr');
    expect(february.statusCode).toBe(400);
    expect(fieldErrors(february)).toEqual({ day: 'Cette date n’existe pas' });
    const far = await send('POST', '/api/holiday/add', { title: 'x', kind: 'easter', easterOffset: 400 });
    expect(fieldErrors(far)).toEqual({ easterOffset: 'The distance from Easter must be between -100 and 100 days' });
    const noOffset = await send('POST', '/api/holiday/add', { title: 'x', kind: 'easter' });
    expect(fieldErrors(noOffset)).toEqual({ easterOffset: 'This field is required' });
    const kind = await send('POST', '/api/holiday/add', { title: 'x', kind: 'lunar', day: 1, month: 3 });
    expect(fieldErrors(kind)).toEqual({ kind: 'Invalid value' });
    const text = await send('POST', '/api/holiday/add', { title: 'x', kind: 'easter', easterOffset: 'one' });
    expect(text.statusCode).toBe(400);
    expect(await rowCount()).toBe(before);
  });
});
