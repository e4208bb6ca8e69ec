import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIRPORTS, STATIONS, TOWNS } from '@vtc/shared/places/fixed-places';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { bookings } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { bookingPayload, chooseCar, confirmBooking, demoCars, expectStatus, mailsOf, NEXT_YEAR } from '../booking/booking-helpers.ts';

/** Spec section 9, as written there: the names its old client sent as titles. */
const SPEC_NAMES: [mode: 'airport' | 'station' | 'town', title: string][] = [
  ['airport', 'Cannes-Mandelieu'],
  ['airport', 'Toulon-Hyères'],
  ['airport', 'Marseille Provence'],
  ['airport', "Nice Côte d'Azur"],
  ['station', 'Cannes'],
  ['station', 'Marseille-Saint-Charles'],
  ['station', 'Nice-Ville'],
  ['station', 'Saint-Raphaël-Valescure'],
  ...(
    [
      'Barcelona', 'Bilbao', 'Girona', 'Madrid', 'Zaragoza', 'Valencia',
      'Bologna', 'Bordighera', 'Florence', 'Genoa', 'Imperia', 'Milan', 'Rome', 'San Remo', 'Savona', 'Turin', 'Ventimiglia',
      'Bern', 'Geneva', 'Lausanne', 'Zurich',
    ] as const
  ).map((name): ['town', string] => ['town', name]),
];

describe('fixed places named as the spec lists them, stored by id, read in the reader’s language', () => {
  let ctx: TestContext;
  let customer: Awaited<ReturnType<typeof registerUser>>;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;
  let carIds: { vclass: number; ford: number };
  let day = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ COMPANY_EMAIL: 'company@riviera-vtc.test' });
    await seedDemoData(ctx.database.db);
    carIds = await demoCars(ctx.database.db);
    customer = await registerUser(ctx.app, { fullName: 'Yasmine Benali', phone: '+33612345679' });
    admin = await loginAdmin(ctx.app, ctx.database);
  });
  afterAll(async () => ctx.close());

  const add = (payload: Record<string, unknown>, language = 'fr') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/user/booking/add',
      headers: { ...bearer(customer.token), 'accept-language': language },
      payload: bookingPayload({ date: `${NEXT_YEAR}-05-${String((++day % 28) + 1).padStart(2, '0')}T${String(8 + (day % 10)).padStart(2, '0')}:00`, ...payload }),
    });
  const stored = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const countBookings = async () => (await ctx.database.db.select({ id: bookings.id }).from(bookings)).length;

  it('accepts every airport, station and town of section 9 sent as plain text, and stores its id', async () => {
    expect(SPEC_NAMES).toHaveLength(AIRPORTS.length + STATIONS.length + TOWNS.length);
    for (const [mode, title] of SPEC_NAMES) {
      const response = await add({ destination: title, rentToType: mode, europe: mode === 'town' });
      expect(response.statusCode, `${mode} ${title}: ${response.body}`).toBe(201);
      const booking = await stored((response.json() as { bookingId: number }).bookingId);
      const place = [...AIRPORTS, ...STATIONS, ...TOWNS].find((p) => p.id === booking.destination.placeId);
      expect(place?.kind, title).toBe(mode);
      // Stored under the company's French name, whatever was typed.
      expect(booking.destination.title).toBe(place!.name.fr);
      expect(booking.rentToType).toBe(mode);
    }
  }, 60_000);

  it('refuses a station that is not in the list with a translated error, and creates nothing', async () => {
    const before = await countBookings();
    const response = await add({ destination: 'Gare de Lyon', rentToType: 'station' }, 'ar');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: [{ path: 'destination', message: 'مكان غير معروف، يرجى اختياره من القائمة' }] });
    const english = await add({ origin: { title: 'Heathrow', type: 'airport' }, rentFromType: 'airport' }, 'en');
    expect(english.json()).toMatchObject({ errors: [{ path: 'origin', message: 'Unknown place, please choose it from the list' }] });
    expect(await countBookings()).toBe(before);
  });

  it('a booking made in Arabic reaches the company in French, and the customer reads Arabic', async () => {
    const created = await add(
      { origin: { title: 'مطار نيس كوت دازور', type: 'airport' }, rentFromType: 'airport', destination: { title: 'موناكو', placeId: 'city-monaco', type: 'address' } },
      'ar',
    );
    expectStatus(created, 201);
    const id = (created.json() as { bookingId: number }).bookingId;
    expect((await stored(id)).origin).toMatchObject({ placeId: 'airport-nice-cote-d-azur', title: "Aéroport Nice Côte d'Azur" });
    expectStatus(await chooseCar(ctx.app, customer.token, id, carIds.vclass), 200);
    expectStatus(await confirmBooking(ctx.app, customer.token, id), 200);

    const [company] = await mailsOf(ctx.database.db, 'booking_new_company', id);
    expect(company!.textBody).toContain("Aéroport Nice Côte d'Azur");
    expect(company!.textBody).toContain('Monaco');
    expect(company!.textBody).not.toMatch(/[\u0600-\u06FF]{3}/);
    const [received] = await mailsOf(ctx.database.db, 'booking_received', id);
    expect(received!.textBody).toContain('مطار نيس كوت دازور');
    expect(received!.textBody).toContain('موناكو');

    // The back office reads the stored French names; the API gives the id for other readers.
    const details = await ctx.app.inject({ method: 'GET', url: `/api/booking/${id}`, headers: bearer(admin.token) });
    expectStatus(details, 200);
    expect(details.json().data.origin).toMatchObject({ title: "Aéroport Nice Côte d'Azur", placeId: 'airport-nice-cote-d-azur' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/booking/getAll', headers: bearer(admin.token) });
    expect(JSON.stringify(list.json())).not.toContain('مطار');

    // The customer's own list follows the language of the request.
    const mine = async (language: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user/booking/getAll', headers: { ...bearer(customer.token), 'accept-language': language } });
      expectStatus(response, 200);
      return (response.json() as { data: { id: number; origin: string; destination: string }[] }).data.find((row) => row.id === id);
    };
    expect(await mine('ar')).toMatchObject({ origin: 'مطار نيس كوت دازور', destination: 'موناكو' });
    expect(await mine('en')).toMatchObject({ origin: "Nice Côte d'Azur Airport", destination: 'Monaco' });
  });
});
