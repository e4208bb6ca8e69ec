import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { toParisDateTimeLocal } from '@vtc/shared/time/paris-time';
import { readFileSync } from 'node:fs';
import { pdfText } from '../../apps/api/test/support/pdf-text';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { startClockServer, type ClockServer } from '../support/clock-server';
import { waitForApp } from '../support/page-ready';
import { adminToken, registerCustomer, row } from './back-office-steps';

/**
 * After the trip (issue 21, decisions 0117 and 0152), in a browser: the company records the
 * balance in the drawer (part in cash, the rest by transfer), the dashboard's "Reste à encaisser"
 * follows, and the invoice downloaded from the drawer has its "Règlement" block listing the
 * deposit and each balance with its way. The trip is in the past: it is booked on a server of the
 * spec's own whose clock was moved back for it (clock-server.ts), a fresh database whose only
 * completed trip is this one, so the dashboard's figures are this trip's.
 */
test.describe.configure({ timeout: 180_000 });


const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
/** The same amount as pdftotext reads it (plain spaces). */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** A transfer paid in cash to the company before the trip (deposit received), then done: its id and money. */
async function doneTrip(server: ClockServer, api: APIRequestContext) {
  // Picked up 3 hours ago (on the quarter hour), booked 3 hours before that; the server's database is the spec's own.
  const pickupAt = new Date(Math.floor((Date.now() - 3 * 3_600_000) / 900_000) * 900_000);
  await server.setNow(new Date(pickupAt.getTime() - 3 * 3_600_000));
  const customer = await registerCustomer(api);
  const headers = { Authorization: `Bearer ${customer.token}` };
  const created = await api.post('/api/user/booking/add', {
    headers,
    data: {
      origin: 'Cannes',
      destination: 'Nice',
      date: toParisDateTimeLocal(pickupAt),
      passengers: JSON.stringify({ adults: 2, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bookingId: id } = (await created.json()) as { bookingId: number };
  expect((await api.put(`/api/user/booking/update-car/${id}/1`, { headers, data: { bookingId: id, carId: 1 } })).ok()).toBe(true);
  const confirmed = await api.put(`/api/user/booking/update-booking-info/${id}`, {
    headers,
    data: { bookingId: id, fullName: 'Client Solde', email: customer.email, phone: '+33612345678', method: 'cash', address: '1 promenade des Anglais', city: 'Nice' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const admin = { Authorization: `Bearer ${await adminToken(api)}` };
  for (const step of ['accept', 'deposit-received']) {
    const response = await api.put(`/api/booking/${step}/${id}`, { headers: admin, data: {} });
    expect(response.ok(), `${step}: ${await response.text()}`).toBe(true);
  }
  await server.realTime();
  // A token made on the moved clock has expired by now.
  admin.Authorization = `Bearer ${await adminToken(api)}`;
  const completed = await api.put(`/api/booking/complete/${id}`, { headers: admin, data: {} });
  expect(completed.ok(), await completed.text()).toBe(true);
  const details = (await (await api.get(`/api/booking/${id}`, { headers: admin })).json()) as { data: { total_cents: number; settlement: { deposit_received_cents: number; balance_due_cents: number } } };
  return { id, totalCents: details.data.total_cents, depositCents: details.data.settlement.deposit_received_cents, dueCents: details.data.settlement.balance_due_cents };
}

async function openDrawer(page: Page, id: number) {
  await page.goto('/bookings');
  await waitForApp(page);
  await row(page, `#${id}`).getByRole('button', { name: /Détails/ }).click();
  return page.getByRole('dialog', { name: `Réservation n° ${id}` });
}

async function dashboardCollection(page: Page) {
  await page.goto('/dashboard');
  await waitForApp(page);
  return page.getByTestId('dashboard-collection');
}

test.describe('the balance after a trip (a server whose clock was moved back to book it)', () => {
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

  test('the company records the balance in the drawer; the dashboard follows; the invoice lists the deposit and each balance with its way', async ({ browser }) => {
    const { id, depositCents, dueCents } = await doneTrip(server, api);
    expect(depositCents).toBeGreaterThan(0);
    expect(dueCents).toBeGreaterThan(5_000);
    const office = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
    const page = await office.newPage();
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

    // Before: the whole balance is still to collect.
    let collection = await dashboardCollection(page);
    await expect(collection).toContainText('1 course(s) terminée(s)');
    await expect(collection).toContainText(euros(dueCents));

    // 50 € in cash, then the rest by transfer.
    let drawer = await openDrawer(page, id);
    const balance = drawer.getByRole('region', { name: 'Solde encaissé' });
    await expect(balance).toContainText(`Reste à encaisser : ${euros(dueCents)}`);
    await balance.getByLabel('Montant encaissé (€)').fill('50,00');
    await balance.getByRole('radio', { name: 'Espèces' }).check();
    await balance.getByRole('button', { name: 'Enregistrer l’encaissement' }).click();
    await expect(balance).toContainText(`Reste à encaisser : ${euros(dueCents - 5_000)}`);
    await expect(balance.getByRole('listitem').filter({ hasText: `${euros(5_000)} · Espèces` })).toHaveCount(1);

    collection = await dashboardCollection(page);
    await expect(collection).toContainText(euros(dueCents - 5_000));
    await expect(collection).toContainText(euros(depositCents + 5_000));

    drawer = await openDrawer(page, id);
    const rest = drawer.getByRole('region', { name: 'Solde encaissé' });
    await expect(rest.getByLabel('Montant encaissé (€)')).toHaveValue(((dueCents - 5_000) / 100).toFixed(2).replace('.', ','));
    await rest.getByRole('radio', { name: 'Virement' }).check();
    await rest.getByRole('button', { name: 'Enregistrer l’encaissement' }).click();
    await expect(rest).toContainText('Course soldée : rien à encaisser.');
    await expect(rest.getByRole('listitem').filter({ hasText: 'Virement' })).toHaveCount(1);
    await rest.screenshot({ path: test.info().outputPath('drawer-balance-fr-1366.png') });

    collection = await dashboardCollection(page);
    await expect(collection).toContainText('0 course(s) terminée(s)');
    await expect(collection.locator('.dashboard-warning')).toHaveCount(0);
    await expect(collection).toContainText(euros(depositCents + dueCents));

    // The invoice, downloaded from the drawer, read with pdftotext.
    drawer = await openDrawer(page, id);
    const [file] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: 'Facture (PDF)' }).click()]);
    const text = plain(await pdfText(readFileSync(await file.path())));
    const block = text.slice(text.indexOf('Règlement'));
    expect(text).toContain('Règlement');
    expect(block).toMatch(new RegExp(`Acompte de ${plain(euros(depositCents))} réglé le .* en espèces`));
    expect(block).toMatch(new RegExp(`Solde de ${plain(euros(5_000))} encaissé le .* en espèces`));
    expect(block).toMatch(new RegExp(`Solde de ${plain(euros(dueCents - 5_000))} encaissé le .* par virement`));
    expect(block).toContain('Facture acquittée');
    await office.close();
  });
});
