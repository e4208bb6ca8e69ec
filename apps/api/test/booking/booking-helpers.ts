import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { getParisParts, toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import type { Db } from '../../src/platform/db/client.ts';
import { bookings, cars, mailOutbox, refunds } from '../../src/platform/db/schema.ts';
import { bearer } from '../support/auth-helpers.ts';

/** A year ahead of now, so fixed dates stay in the future. */
export const NEXT_YEAR = getParisParts(new Date()).year + 1;

/** A datetime-local value on Paris clocks, `minutes` from now. */
export const parisLocalIn = (minutes: number) => toParisDateTimeLocal(Date.now() + minutes * 60_000);

export const NICE = { title: 'Nice', placeId: 'city-nice', type: 'address' };
export const MONACO = { title: 'Monaco', placeId: 'city-monaco', type: 'address' };

/** Step one's body as the spec client sends it: passengers and packages as JSON text. */
export function bookingPayload(overrides: Record<string, unknown> = {}) {
  return {
    origin: NICE,
    destination: MONACO,
    rentFromType: 'address',
    rentToType: 'address',
    date: `${NEXT_YEAR}-03-10T10:00`,
    passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
    packages: JSON.stringify({ under10kg: 1, above10kg: 1, above30kg: 0 }),
    ...overrides,
  };
}

export function confirmPayload(bookingId: number, overrides: Record<string, unknown> = {}) {
  return {
    bookingId,
    fullName: 'Camille Martin',
    email: 'camille.martin@example.test',
    phone: '+33612345678',
    method: 'stripe',
    address: '1 promenade des Anglais',
    city: 'Nice',
    flightNumber: 'AF7700',
    message: 'Deux valises',
    returnRent: false,
    ...overrides,
  };
}

export function expectStatus(response: LightMyRequestResponse, status: number): void {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
}

export async function createBooking(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}, language = 'fr'): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/booking/add',
    headers: { ...bearer(token), 'accept-language': language },
    payload: bookingPayload(overrides),
  });
  expectStatus(response, 201);
  return (response.json() as { bookingId: number }).bookingId;
}

export async function chooseCar(app: FastifyInstance, token: string, bookingId: number, carId: number): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: `/api/user/booking/update-car/${bookingId}/${carId}`,
    headers: bearer(token),
    payload: { bookingId, carId },
  });
}

export async function confirmBooking(
  app: FastifyInstance,
  token: string,
  bookingId: number,
  overrides: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: `/api/user/booking/update-booking-info/${bookingId}`,
    headers: bearer(token),
    payload: confirmPayload(bookingId, overrides),
  });
}

/** A booking taken to `pending` by its owner; returns its id. */
export async function pendingBooking(app: FastifyInstance, token: string, carId: number, overrides: Record<string, unknown> = {}): Promise<number> {
  const id = await createBooking(app, token, overrides);
  expectStatus(await chooseCar(app, token, id, carId), 200);
  expectStatus(await confirmBooking(app, token, id), 200);
  return id;
}

export async function demoCars(db: Db): Promise<{ vclass: number; ford: number }> {
  const rows = await db.select().from(cars);
  const find = (part: string) => rows.find((car) => car.name.includes(part))!.id;
  return { vclass: find('Classe V'), ford: find('Ford') };
}

/** The outbox rows of one kind whose subject names the booking. */
export async function mailsOf(db: Db, kind: string, bookingId: number) {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, kind));
  return rows.filter((row) => new RegExp(`\\b${bookingId}\\b`).test(row.subject));
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The MIME parts of a raw message, their bodies decoded (quoted-printable or base64). */
export function mailParts(raw: string): { type: string; filename: string | null; text: string }[] {
  return raw.split(/\r?\n--[^\r\n]+\r?\n/).map((part) => {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
    const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    const text =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : body;
    return {
      type: /Content-Type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.toLowerCase() ?? '',
      filename: /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? null,
      text,
    };
  });
}

/** The text part of a raw message, decoded ('' when it has none). */
export function mailText(raw: string): string {
  return mailParts(raw).find((part) => part.type === 'text/plain')?.text ?? '';
}

/** The token of the first link to `path` in a raw mail's text part. */
export function linkToken(raw: string, path: string): { id: string; token: string; status?: string } {
  const text = mailText(raw);
  const match = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?id=(\\d+)(?:&status=(true|false))?&token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return { id: match[1]!, status: match[2], token: decodeURIComponent(match[3]!) };
}

/**
 * Puts the booking's pickup an hour in the past (its return, if any, too): "Course terminée" is
 * refused before pickup (decision 0117), and these tests complete trips booked for next year
 * without moving the clock, which would move their documents' year.
 */
export async function pickupPassed(db: Db, bookingId: number): Promise<void> {
  await db
    .update(bookings)
    .set({ pickupAt: sql`now() - interval '1 hour'`, returnAt: sql`case when ${bookings.returnAt} is null then null else now() - interval '30 minutes' end` })
    .where(eq(bookings.id, bookingId));
}

/**
 * The company accepts a pending booking and its customer pays the card deposit through a signed
 * Stripe webhook (the app must run with STRIPE_API_URL on a stub and this webhook secret).
 */
export async function payDepositByCard(
  app: FastifyInstance,
  adminToken: string,
  id: number,
  webhook: { secret: string; sign: (payload: string, secret: string) => string; amountCents?: number },
): Promise<{ sessionId: string }> {
  expectStatus(await app.inject({ method: 'PUT', url: `/api/booking/accept/${id}`, headers: bearer(adminToken), payload: {} }), 200);
  const [accepted] = await mailsOf(app.db, 'booking_accepted', id);
  const token = decodeURIComponent(/\/checkout\?id=\d+&token=([\w%-]+)/.exec(accepted!.textBody)![1]!);
  const session = await app.inject({ method: 'POST', url: `/api/booking/payment/stripe/${id}`, payload: { id, token } });
  expectStatus(session, 200);
  const sessionId = (session.json() as { url: string }).url.split('/').at(-1)!;
  const payload = JSON.stringify({
    id: `evt_paid_${id}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        amount_total: webhook.amountCents ?? 4560,
        currency: 'eur',
        client_reference_id: String(id),
        metadata: { bookingId: String(id) },
      },
    },
  });
  const paid = await app.inject({
    method: 'POST',
    url: '/api/booking/payment/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': webhook.sign(payload, webhook.secret) },
    payload,
  });
  expectStatus(paid, 200);
  return { sessionId };
}

/** A booking's refund lines, oldest first (decision 0152). */
export function refundsOf(db: Db, bookingId: number) {
  return db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.id));
}
