import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { startClockServer, type ClockServer } from '../support/clock-server';
import { waitForApp } from '../support/page-ready';
import { tripDateTime } from '../support/worker-day';
import { adminToken, registerCustomer, row, unique } from './back-office-steps';
import { addDriver, expectNoSidewaysScroll, missionLink } from './mission-steps';

/**
 * After the funnel, a hire is a hire (issue 22, decision 0137), in a browser: the back office
 * shows the service in its list (with a filter) and drawer; a chauffeur ends a 5-hour hire 40
 * minutes late with extra km on the mission page, and the admin sees the invoice's lines with
 * their reason. The trip that ends is in the past: it is booked on a server of the spec's own
 * whose clock was moved back for it (clock-server.ts); the shared server runs on real time.
 */
test.describe.configure({ timeout: 180_000 });

const PROGRAMME = 'Cannes, Antibes, Saint-Paul-de-Vence';

/** A hire by the hour confirmed in cash at step three and accepted by the company; its id. */
async function acceptedHire(request: APIRequestContext, date: string, hours: number): Promise<number> {
  const customer = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${customer.token}` };
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: {
      serviceType: 'hourly',
      hours,
      origin: 'Nice',
      date,
      programme: PROGRAMME,
      passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: { bookingId, fullName: 'Client Location', email: customer.email, phone: '+33612345678', method: 'cash', address: '1 promenade des Anglais', city: 'Nice' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const accepted = await request.put(`/api/booking/accept/${bookingId}`, { headers: admin, data: {} });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return bookingId;
}


async function openDrawer(page: Page, id: number) {
  await row(page, `#${id}`).getByRole('button', { name: /Détails|التفاصيل/ }).click();
  return page.getByRole('dialog', { name: new RegExp(`${id}`) });
}

test('the bookings list shows each booking’s service and filters on it; the drawer shows the hire, its end and programme', async ({ page, request }) => {
  const id = await acceptedHire(request, tripDateTime(650, '09:00'), 5);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/bookings');
  await waitForApp(page);
  await page.getByLabel('Prestation').selectOption({ label: 'Mise à disposition à l’heure' });
  await expect(page).toHaveURL(/service=hourly/);
  const line = row(page, `#${id}`);
  // The list names the service with its length.
  await expect(line).toContainText('Mise à disposition 5 h');
  await expect(line).toContainText('Nice');
  await expect(line).not.toContainText('Nice → Nice');
  // Every row of the filtered list is a hire by the hour, with its hours.
  const services = await page.getByRole('row').locator('td:nth-child(3)').allTextContents();
  expect(services.length).toBeGreaterThan(0);
  for (const service of services) expect(service).toMatch(/^Mise à disposition [\d,]+ h$/);

  const drawer = await openDrawer(page, id);
  const hire = drawer.getByTestId('hire-section');
  await expect(hire).toContainText('Mise à disposition 5 h');
  await expect(hire).toContainText(/Fin prévue\s*\d{2}\/\d{2}\/\d{4} 14:00/);
  await expect(hire).toContainText(PROGRAMME);
  await expect(hire).toContainText('Aucun : fin au lieu de prise en charge');
  // Not invoiced yet: no lines.
  await expect(hire).not.toContainText('Lignes de la facture');
});

test.describe('a hire that ended (a server whose clock was moved back to book it)', () => {
  let server: ClockServer;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    // A server of its own (a fresh database, migrated and seeded) starts on a machine that may be busy.
    test.setTimeout(150_000);
    server = await startClockServer();
    api = await playwrightRequest.newContext({ baseURL: server.url });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.close();
  });

  test('a chauffeur ends a 5-hour hire 40 minutes late with 132 km on the mission page; the admin sees the service and the invoice lines (fr, and ar)', async ({ browser }) => {
    // Picked up 6 hours ago on a whole quarter hour: booked 3 hours before that, on a clock moved back.
    const pickupAt = new Date(Math.floor((Date.now() - 6 * 3_600_000) / 900_000) * 900_000);
    const endsAt = new Date(pickupAt.getTime() + 5 * 3_600_000);
    await server.setNow(new Date(pickupAt.getTime() - 3 * 3_600_000));
    const id = await acceptedHire(api, toParisDateTimeLocal(pickupAt), 5);
    const admin = { Authorization: `Bearer ${await adminToken(api)}` };
    const driverId = await addDriver(api, admin, unique('Luc Location'));
    expect((await api.put(`/api/booking/assign/${id}`, { headers: admin, data: { driverId, carId: 1 } })).ok()).toBe(true);
    await server.realTime();

    const link = await missionLink(id, undefined, () => server.mails());

    // The chauffeur, on a phone.
    const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const mission = await phone.newPage();
    await mission.goto(link);
    await expect(mission.getByRole('heading', { level: 1, name: `Mission n° ${id}` })).toBeVisible({ timeout: 30_000 });
    const service = mission.getByRole('region', { name: 'Prestation' });
    await expect(service).toContainText('Mise à disposition 5 h');
    await expect(service).toContainText(PROGRAMME);
    await expect(service).toContainText(/Km inclus\s*\d+ km/);
    for (const step of ['Je suis en route', 'Je suis sur place', 'Passager à bord']) {
      const button = mission.getByRole('button', { name: new RegExp(`^${step}`) });
      await button.click();
      await expect(button).toBeDisabled();
    }
    await mission.getByRole('button', { name: /^Terminer la mise à disposition/ }).click();
    const end = mission.getByLabel('Heure de fin');
    const km = mission.getByLabel('Kilomètres parcourus en tout');
    // An end before the booked one is refused, in words, on its field; nothing is saved.
    await end.fill(toParisDateTimeLocal(new Date(endsAt.getTime() - 30 * 60_000)));
    await km.fill('132');
    await mission.getByRole('button', { name: 'Terminer et facturer' }).click();
    await expect(mission.getByRole('alert').filter({ hasText: 'La fin réelle ne peut pas précéder la fin réservée' })).toBeVisible();
    await expect(mission.getByText('Course terminée. Merci !')).toHaveCount(0);

    await end.fill(toParisDateTimeLocal(new Date(endsAt.getTime() + 40 * 60_000)));
    await mission.getByRole('button', { name: 'Terminer et facturer' }).click();
    await expect(mission.getByText('Course terminée. Merci !')).toBeVisible();
    await expect(service).toContainText(/Km parcourus\s*132 km/);
    await expect(service).toContainText(/Dépassement\s*45 min · \d+,00\s€/);
    await expect(service).toContainText(/Km supplémentaires\s*32 km · \d+,00\s€/);
    await expectNoSidewaysScroll(mission);
    await mission.screenshot({ path: test.info().outputPath('mission-hire-ended-fr-390.png'), fullPage: true });
    await phone.close();

    // What the invoice billed, as the API gives it: the page shows the same amounts.
    const details = (await (await api.get(`/api/booking/${id}`, { headers: { Authorization: `Bearer ${await adminToken(api)}` } })).json()) as {
      data: { invoice_lines: { kind: string; cents: number }[] };
    };
    const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
    const cents = (kind: string) => details.data.invoice_lines.find((line) => line.kind === kind)!.cents;
    expect(details.data.invoice_lines.map((line) => line.kind)).toEqual(['hourly', 'overtime', 'extra_km']);

    const office = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
    const page = await office.newPage();
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/bookings');
    await waitForApp(page);
    const line = row(page, `#${id}`);
    await expect(line).toContainText('Mise à disposition 5 h');
    const drawer = await openDrawer(page, id);
    const hire = drawer.getByTestId('hire-section');
    await expect(hire).toContainText('Mise à disposition 5 h');
    await expect(hire).toContainText(/Km parcourus\s*132 km/);
    const lines = hire.getByRole('listitem');
    await expect(lines.nth(0)).toHaveText(`Mise à disposition 5 h${euros(cents('hourly'))}`);
    await expect(lines.nth(1)).toHaveText(`Dépassement 45 min${euros(cents('overtime'))}`);
    await expect(lines.nth(2)).toHaveText(`32 km supplémentaires${euros(cents('extra_km'))}`);
    await hire.screenshot({ path: test.info().outputPath('drawer-hire-fr-1366.png') });

    // One check in Arabic: the same lines in the admin's language.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.goto('/bookings');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arabic = (await openDrawer(page, id)).getByTestId('hire-section');
    await expect(arabic).toContainText('استئجار سيارة بسائق 5 ساعة');
    await expect(arabic).toContainText('وقت إضافي 45 دقيقة');
    await expect(arabic).toContainText('32 كم إضافية');
    await arabic.screenshot({ path: test.info().outputPath('drawer-hire-ar-1366.png') });
    await office.close();
  });
});
