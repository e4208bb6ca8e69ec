import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser, type NewUser } from '../support/accounts';
import { registerThroughApi } from '../support/auth-steps';
import { verificationLink } from '../booking/mail-box';
import { workerDay } from '../support/worker-day';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real PNG (a 32 × 32 gold square), as a file for `setInputFiles` or multipart. */
export function pngFile(name = 'car.png') {
  const size = 32;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const line = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [212, 169, 79]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => line));
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A name no other test (or earlier run) uses: tests share one database and run in parallel. */
export function unique(prefix: string): string {
  return `${prefix} ${randomUUID().slice(0, 6)}`;
}

/** The admin's access token, for creating test data through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Adds a car through the API (multipart, as the Voitures form sends it); gives its id. */
export async function createCar(request: APIRequestContext, name: string): Promise<number> {
  const token = await adminToken(request);
  const response = await request.post('/api/car/add', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { name, number: 'AA-123-BB', model: 'Test', seats: '4', packages: '4', img: pngFile() },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { id: number } };
  return body.data.id;
}

/**
 * The table row holding a text. A booking number ("#11") must not be followed by another digit:
 * cells run together in a row's text, so "#1" then "11/12/2026" would read "#111/12…".
 */
export function row(page: Page, text: string): Locator {
  const exactNumber = /^#\d+$/.test(text) ? new RegExp(`${text}(?!\\d)`) : text;
  return page.getByRole('row').filter({ hasText: exactNumber });
}

/**
 * A toast with the server's message; dismissed (click) so it no longer covers the table's
 * buttons. Saves in quick succession leave several alike: all of them are closed.
 */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  const toasts = page.locator('.Toastify').getByRole('alert').filter({ hasText: text });
  await expect(toasts.first()).toBeVisible();
  // Clicked until none is left: a toast already on its way out may vanish under the click, and a
  // click during its entrance can be taken for the start of a swipe and lost; the pointer then
  // rests on the toast, which pauses its own closing (seen once on two loaded cores).
  await expect(async () => {
    if ((await toasts.count()) > 0) await toasts.first().click({ timeout: 2000 }).catch(() => undefined);
    await expect(toasts).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 7000 });
  // A dismissed toast loses its alert role before its exit animation ends, and until then it
  // covers the bottom-right corner: a click meant for a row's button there would land on it.
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
}

/** Supprimer on a row, then the modal's Supprimer. */
export async function deleteRow(page: Page, line: Locator, modalTitle: string, text = 'Êtes-vous sûr(e) de vouloir supprimer ?'): Promise<void> {
  await line.getByRole('button', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('dialog', { name: modalTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text);
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Supprimé avec succès');
  await expect(line).toHaveCount(0);
}

/**
 * The number of the next pending booking of this parallel worker: each takes car 1 two hours after
 * the previous one. Counted in a file of the run's data folder, not in memory: the worker that
 * replaces one after a failure has the same parallel index and must not book the slots its
 * predecessor's bookings still hold. Workers of one index never run at once.
 */
function nextPendingSlot(): number {
  const folder = process.env.E2E_DATA_DIR ?? path.resolve(import.meta.dirname, '../../.tmp');
  mkdirSync(folder, { recursive: true });
  const counter = path.join(folder, `pending-bookings-${test.info().parallelIndex}`);
  const slot = existsSync(counter) ? Number(readFileSync(counter, 'utf8')) : 0;
  writeFileSync(counter, String(slot + 1));
  return slot;
}

/**
 * A booking waiting for the company (status pending), made through the customer API as the
 * booking pages do: step one, a car, step three. Gives its id. Each at a time of its own, since
 * one booking holds a car at a time (decision 0070).
 */
export async function createPendingBooking(
  request: APIRequestContext,
  customer: { email: string; token: string },
  /** A spec whose tests run in parallel workers gives each its own day. */
  daysAhead = 5,
  /** Cash is paid on board (no deposit link once accepted, decision 0117); a card or PayPal deposit gets its link. */
  method: 'cash' | 'stripe' | 'paypal' = 'cash',
): Promise<number> {
  const headers = { Authorization: `Bearer ${customer.token}` };
  const slot = nextPendingSlot();
  // Parallel workers, and a retry's fresh worker, each book days of their own on the shared e2e database.
  const day = workerDay(daysAhead) + Math.floor(slot / 7);
  const pickup = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
  const hour = 7 + 2 * (slot % 7);
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: 'Cannes',
      destination: 'Nice',
      date: `${pickup}T${String(hour).padStart(2, '0')}:00`,
      passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }),
    },
  });
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect(bookingId).toBeGreaterThan(0);
  const chosen = await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } });
  expect(chosen.ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: 'Client Réservation', email: customer.email, phone: '+33612345678', method, flightNumber: 'AF7700' },
  });
  expect(confirmed.ok()).toBe(true);
  return bookingId;
}

/** A customer account made through the API, with its access token. */
export async function registerCustomer(request: APIRequestContext): Promise<{ email: string; token: string }> {
  const email = `${unique('client').replace(' ', '-')}@e2e.test`;
  const password = 'Client-e2e-password';
  const response = await request.post('/api/auth/register', {
    data: { fullName: 'Client Réservation', email, phone: '+33612345678', password, confirmPassword: password, acceptTerms: true },
  });
  expect(response.ok()).toBe(true);
  return { email, token: ((await response.json()) as { token: string }).token };
}

/**
 * A company (legal name, discount, purchase orders as given) with one verified member, a booker,
 * made through the API as the owner would: only a verified account joins a company at once
 * (decision 0134).
 */
export async function companyWithMember(
  request: APIRequestContext,
  admin: { Authorization: string },
  company: { legalName: string; discountPercent: string; purchaseOrderRequired: boolean; costCentres?: string },
): Promise<{ companyId: number; member: NewUser }> {
  const added = await request.post('/api/company/add', {
    headers: admin,
    data: {
      siren: '542 051 180',
      vatNumber: 'FR59542051180',
      billingAddress: '2 quai Lunel, 06300 Nice',
      billingEmails: 'compta@societe-membre.test',
      paymentTermsDays: 30,
      creditLimit: '',
      costCentres: '',
      ...company,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const companyId = ((await added.json()) as { data: { id: number } }).data.id;
  const member = newUser();
  await registerThroughApi(request, member);
  await expect.poll(() => verificationLink(member.email), { timeout: 20_000 }).not.toBeNull();
  const verification = new URL(verificationLink(member.email)!, 'http://localhost').searchParams.get('token');
  const verified = await request.post('/api/auth/verifyEmail', { data: { token: verification } });
  expect(verified.status(), await verified.text()).toBe(200);
  // Its status and answer are printed if refused (CI once saw this call fail, then pass on the retry).
  const joined = await request.post('/api/company/member/add', { headers: admin, data: { email: member.email, role: 'booker', companyId } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { companyId, member };
}
