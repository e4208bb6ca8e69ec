import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getParisParts, parisMonthStart } from '@vtc/shared/time/paris-time';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { feedbackRequestKey } from '../../src/booking/feedback/feedback-requests.ts';
import { bookings, drivers, feedback, mailOutbox, scheduledJobs, users } from '../../src/platform/db/schema.ts';
import { bearer, loginAdmin, registerUser } from '../support/auth-helpers.ts';
import { startSmtpSink } from '../support/smtp-sink.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';
import { demoCars, expectStatus, mailText, NEXT_YEAR, pendingBooking } from './booking-helpers.ts';

/**
 * Ratings after the trip (decision 0146): the request mailed (and texted, with consent)
 * FEEDBACK_REQUEST_DELAY_HOURS after the trip is completed, once; the signed link; one rating
 * per trip, 1 to 5; the company's list, answer and dashboard figures. The job runner reads the
 * database clock: `advance(minutes)` brings every waiting job that much closer.
 */

const REVIEWS_URL = 'https://reviews.example.test/riviera-vtc';

let ctx: TestContext;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let carId: number;
let adminToken: string;
let customer: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ SMTP_URL: sink.url, REVIEWS_URL, FEEDBACK_REQUEST_DELAY_HOURS: '2' });
  await seedDemoData(ctx.database.db);
  carId = (await demoCars(ctx.database.db)).vclass;
  adminToken = (await loginAdmin(ctx.app, ctx.database)).token;
  customer = await registerUser(ctx.app, { fullName: 'Camille Martin' });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

let day = 0;
/** A pickup day of its own for each booking: one booking holds its car at a time (decision 0070). */
const ownDay = () => ({ date: `${NEXT_YEAR}-07-${String((++day % 28) + 1).padStart(2, '0')}T${String(8 + Math.floor(day / 28)).padStart(2, '0')}:00` });

async function advance(minutes: number): Promise<void> {
  await ctx.database.db
    .update(scheduledJobs)
    .set({ runAt: sql`${scheduledJobs.runAt} - make_interval(mins => ${minutes})` })
    .where(eq(scheduledJobs.status, 'pending'));
}

async function tick(): Promise<void> {
  await ctx.app.jobs.runDue();
  await ctx.app.outbox.runOnce();
}

const admin = (method: 'GET' | 'PUT', url: string, payload?: object, language = 'fr') =>
  ctx.app.inject({ method, url, headers: { ...bearer(adminToken), 'accept-language': language }, payload });

const post = (id: number, payload: object, language = 'fr') =>
  ctx.app.inject({ method: 'POST', url: `/api/feedback/${id}`, headers: { 'accept-language': language }, payload });

/**
 * A trip driven and completed by the company: accepted, its pickup put in the past (at `pickupAt`,
 * else an hour ago) and marked done. `setup` runs on the booking before it is completed.
 */
async function completedTrip(options: { pickupAt?: Date; driverId?: number; passenger?: object; language?: 'fr' | 'en' | 'ar' } = {}): Promise<number> {
  const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
  expectStatus(await admin('PUT', `/api/booking/accept/${id}`, {}), 200);
  await ctx.database.db
    .update(bookings)
    .set({
      pickupAt: options.pickupAt ?? sql`now() - interval '1 hour'`,
      ...(options.driverId !== undefined && { driverId: options.driverId }),
      ...(options.passenger !== undefined && { passenger: options.passenger as never }),
      ...(options.language !== undefined && { language: options.language }),
    })
    .where(eq(bookings.id, id));
  expectStatus(await admin('PUT', `/api/booking/complete/${id}`), 200);
  return id;
}

const outboxIdOf = (raw: string) => Number(/^Message-ID: <outbox-(\d+)@/m.exec(raw)?.[1]);

/** The mails the SMTP server received of this kind about this booking, oldest first. */
async function received(kind: string, bookingId: number) {
  const rows = await ctx.database.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.channel, 'email')));
  const ids = new Set(rows.map((row) => row.id));
  return sink.received.filter((mail) => ids.has(outboxIdOf(mail.raw))).map((mail) => ({ to: mail.to, text: mailText(mail.raw), raw: mail.raw }));
}

const textsOf = (bookingId: number) =>
  ctx.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.bookingId, bookingId), ne(mailOutbox.channel, 'email')))
    .orderBy(asc(mailOutbox.id));

/** The rating link of the request mail: `/feedback/{id}?token=`. */
function linkOf(text: string): { id: number; token: string } {
  const match = /\/feedback\/(\d+)\?token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`no rating link in:\n${text}`);
  return { id: Number(match[1]), token: match[2]! };
}

/** A trip completed, its request sent: the link's token. */
async function askedTrip(options: Parameters<typeof completedTrip>[0] = {}): Promise<{ id: number; token: string }> {
  const id = await completedTrip(options);
  await advance(120);
  await tick();
  const [mail] = await received('feedback_request', id);
  return linkOf(mail!.text);
}

describe('the request', () => {
  it('leaves by mail FEEDBACK_REQUEST_DELAY_HOURS after the trip is completed, once however often its job runs, and by text with consent', async () => {
    await ctx.database.db.update(users).set({ smsConsentAt: sql`now()` }).where(eq(users.email, customer.user.email));
    const id = await completedTrip();
    await tick();
    expect(await received('feedback_request', id)).toHaveLength(0);

    await advance(119);
    await tick();
    expect(await received('feedback_request', id)).toHaveLength(0);
    await advance(1);
    await tick();
    const mails = await received('feedback_request', id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([customer.user.email]);
    expect(mails[0]!.text).toContain('Comment s’est passée votre course ?');
    expect(mails[0]!.text).toContain(`/feedback/${id}?token=`);

    // The job run again (a lapsed lease, a second process): nothing more is queued.
    await ctx.database.db.update(scheduledJobs).set({ status: 'pending', runAt: sql`now()` }).where(eq(scheduledJobs.key, feedbackRequestKey(id)));
    await tick();
    expect(await received('feedback_request', id)).toHaveLength(1);
    const texts = (await textsOf(id)).filter((text) => text.kind === 'feedback_request');
    expect(texts).toHaveLength(1);
    expect(texts[0]!.textBody).toContain(linkOf(mails[0]!.text).token);
    await ctx.database.db.update(users).set({ smsConsentAt: null }).where(eq(users.email, customer.user.email));
  });

  it('is written in the customer’s language, and sends no text without consent', async () => {
    const id = await completedTrip({ language: 'en' });
    await advance(120);
    await tick();
    const [mail] = await received('feedback_request', id);
    expect(mail!.text).toContain('How was your trip?');
    expect(mail!.text).toContain('Rate my trip');
    expect((await textsOf(id)).filter((text) => text.kind === 'feedback_request')).toHaveLength(0);
  });

  it('asks a company’s guest at the guest’s address, in the guest’s language; a guest without e-mail is not asked', async () => {
    const guest = await completedTrip({ passenger: { fullName: 'Omar Haddad', phone: '+33611223344', language: 'ar', email: 'omar.haddad@example.test' } });
    const silent = await completedTrip({ passenger: { fullName: 'Léa Roux', phone: '+33611223355', language: 'fr', email: null } });
    await advance(120);
    await tick();
    const [mail] = await received('feedback_request', guest);
    expect(mail!.to).toEqual(['omar.haddad@example.test']);
    expect(mail!.text).toContain('Omar Haddad');
    expect(mail!.text).toContain('كيف كانت رحلتك؟');
    expect(await received('feedback_request', silent)).toHaveLength(0);
  });
});

describe('the signed link', () => {
  it('shows the trip, and refuses a tampered token, another trip’s and the tracking link’s', async () => {
    const { id, token } = await askedTrip();
    const other = await askedTrip();
    const state = await ctx.app.inject({ method: 'GET', url: `/api/feedback/${id}?token=${token}` });
    expectStatus(state, 200);
    expect(state.json().data).toMatchObject({ id, rating: null, origin: 'Nice', destination: 'Monaco' });

    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const { trackingLink } = await import('../../src/booking/tracking-links.ts');
    const trackingToken = new URL(trackingLink(ctx.app.config, id)).searchParams.get('token')!;
    for (const wrong of [tampered, other.token, trackingToken, '']) {
      const response = await post(id, { token: wrong, rating: 5 });
      expect(response.statusCode, wrong).toBe(401);
      expect(response.json()).toMatchObject({ code: 'feedback_link_invalid', message: 'Ce lien d’avis est invalide' });
    }
    expect((await ctx.app.inject({ method: 'GET', url: `/api/feedback/${id}?token=${other.token}` })).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(feedback).where(eq(feedback.bookingId, id))).toEqual([]);
  });

  it('refuses to rate a trip not yet completed', async () => {
    const id = await pendingBooking(ctx.app, customer.token, carId, ownDay());
    const { feedbackLink } = await import('../../src/booking/feedback/feedback-links.ts');
    const token = new URL(feedbackLink(ctx.app.config, id)).searchParams.get('token')!;
    const response = await post(id, { token, rating: 4 });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('feedback_not_due');
  });
});

describe('the rating', () => {
  it('refuses 0, 6 and 4.5 stars with a translated message, then takes 5 stars and a comment once and offers the reviews page', async () => {
    const { id, token } = await askedTrip();
    for (const [rating, language, words] of [
      [0, 'fr', 'Choisissez une note de 1 à 5 étoiles'],
      [6, 'en', 'Choose a rating from 1 to 5 stars'],
      [4.5, 'ar', 'اختر تقييمًا من 1 إلى 5 نجوم'],
    ] as const) {
      const response = await post(id, { token, rating, comment: 'Parfait' }, language);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ path: 'rating', message: words }]);
    }
    expect(await ctx.database.db.select().from(feedback).where(eq(feedback.bookingId, id))).toEqual([]);

    const sent = await post(id, { token, rating: 5, comment: '  Chauffeur ponctuel et voiture impeccable.  ' });
    expectStatus(sent, 201);
    expect(sent.json()).toEqual({ message: 'Merci pour votre avis !', data: { rating: 5, reviewsUrl: REVIEWS_URL } });

    const again = await post(id, { token, rating: 1, comment: 'Autre chose' }, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'feedback_already_received', message: 'Your rating of this trip was already received: thank you!' });
    const rows = await ctx.database.db.select().from(feedback).where(eq(feedback.bookingId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 5, comment: 'Chauffeur ponctuel et voiture impeccable.' });

    const state = await ctx.app.inject({ method: 'GET', url: `/api/feedback/${id}?token=${token}` });
    expect(state.json().data).toMatchObject({ rating: 5, reviewsUrl: REVIEWS_URL });
  });

  it('offers no reviews page below FEEDBACK_REVIEWS_MIN_RATING', async () => {
    const { id, token } = await askedTrip();
    const sent = await post(id, { token, rating: 3 });
    expectStatus(sent, 201);
    expect(sent.json().data).toEqual({ rating: 3, reviewsUrl: null });
  });

  it('keeps one rating of thirty sent at once', async () => {
    const { id, token } = await askedTrip();
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => post(id, { token, rating: (i % 5) + 1, comment: `Envoi ${i}` })));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    expect(await ctx.database.db.select().from(feedback).where(eq(feedback.bookingId, id))).toHaveLength(1);
  });
});

describe('the company', () => {
  it('alone lists the ratings; its answer is mailed once to the customer', async () => {
    const { id, token } = await askedTrip();
    expectStatus(await post(id, { token, rating: 2, comment: 'Vingt minutes de retard.' }), 201);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/feedback/getAll' })).statusCode).toBe(401);
    const asCustomer = await ctx.app.inject({ method: 'GET', url: '/api/feedback/getAll', headers: bearer(customer.token) });
    expect(asCustomer.statusCode).toBe(403);
    const answerAsCustomer = await ctx.app.inject({ method: 'PUT', url: '/api/feedback/answer/1', headers: bearer(customer.token), payload: { answer: 'x' } });
    expect(answerAsCustomer.statusCode).toBe(403);

    const list = await admin('GET', '/api/feedback/getAll?maxRating=2&unanswered=true');
    expectStatus(list, 200);
    const item = list.json().data.find((row: { bookingId: number }) => row.bookingId === id);
    expect(item).toMatchObject({ rating: 2, comment: 'Vingt minutes de retard.', customerName: 'Camille Martin', answer: null });
    expect(list.json().data.every((row: { rating: number }) => row.rating <= 2)).toBe(true);

    const blank = await admin('PUT', `/api/feedback/answer/${item.id}`, { answer: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: 'answer', message: 'Écrivez une réponse' }]);
    expect((await admin('PUT', '/api/feedback/answer/999999', { answer: 'Bonjour' })).statusCode).toBe(404);

    const answered = await admin('PUT', `/api/feedback/answer/${item.id}`, { answer: 'Toutes nos excuses : la course suivante vous est offerte.' });
    expectStatus(answered, 200);
    expect(answered.json()).toMatchObject({ message: 'Réponse envoyée au client par e-mail', data: { answer: 'Toutes nos excuses : la course suivante vous est offerte.' } });
    await tick();
    await tick();
    const mails = await received('feedback_answer', id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([customer.user.email]);
    expect(mails[0]!.text).toContain('Vingt minutes de retard.');
    expect(mails[0]!.text).toContain('Toutes nos excuses : la course suivante vous est offerte.');

    // The customer's own data (GDPR export) holds the rating and the answer.
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/profile/export', headers: bearer(customer.token) });
    expectStatus(exported, 200);
    const booking = exported.json().bookings.find((row: { id: number }) => row.id === id);
    expect(booking.rating).toMatchObject({ rating: 2, comment: 'Vingt minutes de retard.', answer: 'Toutes nos excuses : la course suivante vous est offerte.' });

    const unanswered = await admin('GET', '/api/feedback/getAll?unanswered=true');
    expect(unanswered.json().data.some((row: { bookingId: number }) => row.bookingId === id)).toBe(false);
    expect((await admin('GET', '/api/feedback/getAll?maxRating=9')).statusCode).toBe(400);
  });

  it('sees on the dashboard the average and count per chauffeur and per month of the trip', async () => {
    const [luc, ines] = await ctx.database.db
      .insert(drivers)
      .values([
        { fullName: 'Luc Ratings', phone: '+33612345670', email: 'luc.ratings@example.test', languages: ['fr'] },
        { fullName: 'Inès Ratings', phone: '+33612345671', email: 'ines.ratings@example.test', languages: ['fr'] },
      ])
      .returning({ id: drivers.id });
    const parts = getParisParts(new Date());
    const lastMonth = new Date(parisMonthStart(parts, -1).getTime() + 3 * 86_400_000 + 10 * 3_600_000);
    const rate = async (driverId: number, rating: number, pickupAt?: Date) => {
      const { id, token } = await askedTrip({ driverId, pickupAt });
      expectStatus(await post(id, { token, rating }), 201);
    };
    await rate(luc!.id, 5);
    await rate(luc!.id, 4);
    await rate(luc!.id, 4, lastMonth);
    await rate(ines!.id, 3, lastMonth);

    const response = await admin('GET', '/api/dashboard');
    expectStatus(response, 200);
    const { ratings } = response.json().data;
    expect(ratings.byDriver).toEqual(
      expect.arrayContaining([
        { driverId: luc!.id, driverName: 'Luc Ratings', count: 3, average: 4.33 },
        { driverId: ines!.id, driverName: 'Inès Ratings', count: 1, average: 3 },
      ]),
    );
    const month = (start: Date) => `${getParisParts(start).year}-${String(getParisParts(start).month).padStart(2, '0')}`;
    const previous = ratings.byMonth.find((row: { month: string }) => row.month === month(lastMonth));
    expect(previous).toEqual({ month: month(lastMonth), count: 2, average: 3.5 });
    const current = ratings.byMonth.find((row: { month: string }) => row.month === month(new Date()));
    // This month: Luc's 5 and 4, besides the ratings of the tests above (all this month's trips).
    const listed = await admin('GET', `/api/feedback/getAll?month=${month(new Date())}`);
    const thisMonth: { rating: number }[] = listed.json().data;
    expect(current).toEqual({ month: month(new Date()), count: thisMonth.length, average: Math.round((thisMonth.reduce((sum, row) => sum + row.rating, 0) / thisMonth.length) * 100) / 100 });
    expect(thisMonth.length).toBeGreaterThanOrEqual(2);

    const lucs = await admin('GET', `/api/feedback/getAll?driverId=${luc!.id}`);
    expect(lucs.json().data.map((row: { rating: number }) => row.rating).sort()).toEqual([4, 4, 5]);
  });
});
