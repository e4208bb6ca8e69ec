import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from '../support/accounts';
import { apiToken, logIn, registerThroughApi } from '../support/auth-steps';
import { startClockServer, type ClockServer } from '../support/clock-server';
import { tripDateTime } from '../support/worker-day';
import { expectToast, unique } from './back-office-steps';
import { openDrawer } from './change-steps';
import { addDriver, missionLink } from './mission-steps';

/**
 * The month-end statement in a browser (issue 23, decisions 0142, 0150): the owner issues it from
 * "Clients pro", downloads its PDF, which reads back as the statement (pdftotext) and carries a
 * factur-x.xml (pdfdetach) valid against the EN 16931 schema (xmllint); the company's admin finds
 * it in "Mon entreprise", to pay until the owner marks it paid; until then the trip reads as on the
 * company's invoice, not as paid (decision 0161). The trip must be over: it runs on a
 * server of the spec's own whose clock is moved (clock-server.ts); day offset 1500.
 */
test.describe.configure({ timeout: 180_000 });

const XSD = path.join(import.meta.dirname, '../../apps/api/test/support/cii-xsd/Factur-X_1.07.3_EN16931.xsd');

function inTemp<T>(files: Record<string, Buffer>, work: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-statement-'));
  try {
    for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text (pdftotext), its embedded files (pdfdetach -list), the first one's bytes, and xmllint's verdict on it. */
function readStatementPdf(pdf: Buffer): { text: string; files: string; xml: string; schema: string } {
  return inTemp({ 'statement.pdf': pdf }, (dir) => {
    const file = path.join(dir, 'statement.pdf');
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
    const files = execFileSync('pdfdetach', ['-list', file]).toString('utf8');
    execFileSync('pdfdetach', ['-save', '1', '-o', path.join(dir, 'factur-x.xml'), file]);
    let schema = 'validates';
    try {
      execFileSync('xmllint', ['--noout', '--schema', XSD, path.join(dir, 'factur-x.xml')], { stdio: 'pipe' });
    } catch (error) {
      schema = String((error as { stderr?: Buffer }).stderr ?? error);
    }
    return { text, files, xml: readFileSync(path.join(dir, 'factur-x.xml'), 'utf8'), schema };
  });
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test.describe('a month-end statement (a server whose clock is moved past the trip)', () => {
  let server: ClockServer;
  let api: APIRequestContext;

  test.beforeAll(async () => {
    // A fresh database, migrated and seeded, on a machine shared by several runs.
    test.setTimeout(150_000);
    server = await startClockServer();
    api = await playwrightRequest.newContext({ baseURL: server.url });
  });
  test.afterAll(async () => {
    await api?.dispose();
    await server?.close();
  });

  /** A verified account made the company's admin, and its completed on-account trip of `pickup`'s month. */
  async function completedCompanyTrip(legalName: string, pickup: string) {
    const owner = { Authorization: `Bearer ${await apiToken(api, ADMIN_EMAIL, ADMIN_PASSWORD)}` };
    const company = await api.post('/api/company/add', {
      headers: owner,
      data: {
        legalName,
        siren: '542 051 180',
        vatNumber: 'FR59542051180',
        billingAddress: '2 quai Lunel, 06300 Nice',
        billingEmails: 'compta@statement.e2e.test',
        paymentTermsDays: 30,
        creditLimit: '',
        purchaseOrderRequired: false,
        costCentres: '',
        discountPercent: '0',
      },
    });
    expect(company.status(), await company.text()).toBe(201);
    const companyId = ((await company.json()) as { data: { id: number } }).data.id;
    const member = newUser();
    await registerThroughApi(api, member);
    let token = '';
    await expect
      .poll(() => {
        const link = server
          .mails()
          .map((mail) => mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
          .flatMap((mail) => (mail.includes(member.email) ? (/\/verify-email\?token=([\w%-]+)/.exec(mail)?.[1] ?? []) : []))[0];
        token = link ?? '';
        return token;
      })
      .not.toBe('');
    expect((await api.post('/api/auth/verifyEmail', { data: { token: decodeURIComponent(token) } })).ok()).toBe(true);
    expect((await api.post('/api/company/member/add', { headers: owner, data: { email: member.email, role: 'admin', companyId } })).ok()).toBe(true);

    const headers = { Authorization: `Bearer ${await apiToken(api, member.email, member.password)}` };
    const added = await api.post('/api/user/booking/add', {
      headers,
      data: { origin: 'Nice', destination: 'Monaco', date: pickup, passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }) },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { bookingId } = (await added.json()) as { bookingId: number };
    expect((await api.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } })).ok()).toBe(true);
    const confirmed = await api.put(`/api/user/booking/update-booking-info/${bookingId}`, {
      headers,
      data: { bookingId, fullName: 'Grace Hopper', email: member.email, phone: '+33612345678', method: 'cash', address: '1 promenade des Anglais', city: 'Nice', reference: 'PO-E2E-42' },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    expect((await api.put(`/api/booking/accept/${bookingId}`, { headers: owner, data: {} })).ok()).toBe(true);
    return { member, bookingId };
  }

  test('the owner issues it, downloads its Factur-X PDF (read back, XML valid); the company admin sees it until it is marked paid; in Arabic too', async ({ browser }) => {
    const pickup = tripDateTime(1500, '10:00');
    const pickupAt = new Date(`${pickup}:00+01:00`);
    const legalName = unique('Hôtel Relevé');
    // Booked three days before the trip, completed four hours after its pickup.
    await server.setNow(new Date(pickupAt.getTime() - 3 * 86_400_000));
    const { member, bookingId } = await completedCompanyTrip(legalName, pickup);
    const owner = { Authorization: `Bearer ${await apiToken(api, ADMIN_EMAIL, ADMIN_PASSWORD)}` };
    const driverId = await addDriver(api, owner, unique('Paul Statement'));
    const assigned = await api.put(`/api/booking/assign/${bookingId}`, { headers: owner, data: { driverId, carId: 1 } });
    expect(assigned.ok(), await assigned.text()).toBe(true);
    // The chauffeur's mail is read before the clock moves on: its outbox row is due at the server's
    // time of the assignment (PGlite's now() follows the moved clock), so back on real time, years
    // earlier, it would wait. Read after realTime(), it was sent only when the mail worker had
    // passed in between (failed twice in a loaded CI run).
    const link = await missionLink(bookingId, undefined, () => server.mails());
    await server.setNow(new Date(pickupAt.getTime() + 4 * 3_600_000));
    // Three days on, the token of the assignment has expired: a new one.
    const later = { Authorization: `Bearer ${await apiToken(api, ADMIN_EMAIL, ADMIN_PASSWORD)}` };
    const completed = await api.put(`/api/booking/complete/${bookingId}`, { headers: later, data: {} });
    expect(completed.ok(), await completed.text()).toBe(true);
    // The browsers run on real time: so does the server from here (the month's trips are driven).
    await server.realTime();

    // The chauffeur's page of the done trip: nothing to collect, named after the statement, not "Solde encaissé".
    const chauffeur = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
    const mission = await chauffeur.newPage();
    await mission.goto(link);
    await expect(mission.getByRole('heading', { level: 1, name: `Mission n° ${bookingId}` })).toBeVisible({ timeout: 30_000 });
    await expect(mission.getByRole('heading', { name: 'Facture mensuelle de l’entreprise' })).toBeVisible();
    await expect(mission.getByText('Facturée sur la facture mensuelle de l’entreprise : rien à encaisser à bord.')).toBeVisible();
    await expect(mission.getByRole('heading', { name: 'Solde encaissé' })).toHaveCount(0);
    // The trip's details say so too, not "Reste à encaisser 0,00 €".
    const leftToCollect = mission.locator('.mission-fact').filter({ has: mission.getByRole('term').filter({ hasText: 'Reste à encaisser' }) });
    await expect(leftToCollect.getByRole('definition')).toHaveText('Rien à bord : course sur le compte de l’entreprise');
    await chauffeur.close();

    const office = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
    const page = await office.newPage();
    await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/companies');
    const section = page.getByRole('region', { name: 'Factures mensuelles' });
    await section.getByLabel('Mois à facturer').fill(pickup.slice(0, 7));
    await section.getByRole('button', { name: 'Émettre maintenant' }).click();
    await expectToast(page, '1 facture(s) mensuelle(s) émise(s)');
    const line = section.getByRole('row').filter({ hasText: legalName });
    await expect(line).toContainText(pickup.slice(0, 7));
    await expect(line).toContainText('À régler');
    const number = /F-\d{4}-\d{6}/.exec((await line.textContent()) ?? '')?.[0] ?? '';
    expect(number).not.toBe('');

    const pdf = await download(page, () => line.getByRole('button', { name: 'PDF' }).click());
    expect(pdf.name).toBe(`${number}.pdf`);
    const read = readStatementPdf(pdf.bytes);
    expect(read.text).toContain(`Facture mensuelle ${number}`);
    expect(read.text).toContain(legalName);
    expect(read.text).toContain('Réf. : PO-E2E-42');
    expect(read.files).toContain('factur-x.xml');
    expect(read.schema).toBe('validates');
    expect(read.xml).toContain(`<ram:ID>${number}</ram:ID>`);
    expect(read.xml).toContain('<ram:ID schemeID="0002">542051180</ram:ID>');
    expect(read.xml).toContain('<ram:BuyerReference>PO-E2E-42</ram:BuyerReference>');
    expect(read.xml).toContain(`réservation ${bookingId}`);
    const xml = await download(page, () => line.getByRole('button', { name: 'XML' }).click());
    expect(xml.bytes.toString('utf8')).toBe(read.xml);

    // The company's admin finds it in their space, to pay.
    const space = await browser.newContext({ baseURL: server.url, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    const mine = await space.newPage();
    await logIn(mine, member.email, member.password);
    await mine.goto('/account/company');
    const invoices = mine.getByRole('region', { name: 'Factures mensuelles' });
    await expect(invoices.getByRole('row', { name: new RegExp(number) })).toContainText('À régler');
    await mine.screenshot({ path: 'test-results/statements/member-invoices-fr-390.png', fullPage: true });

    // The trip itself, until its statement is paid (decision 0161): done and on the company's invoice, not "paid".
    const trip = await space.newPage();
    await trip.goto(`/account/bookings/${bookingId}`);
    await expect(trip.getByText('Terminée · sur la facture mensuelle de l’entreprise')).toBeVisible();
    // A company's trip has no deposit: no "Acompte 0,00 € · acompte non payé" line, here or in the list.
    await expect(trip.getByText('Acompte', { exact: true })).toHaveCount(0);
    await expect(trip.getByText('acompte non payé')).toHaveCount(0);
    const list = await space.newPage();
    await list.goto('/account/bookings');
    const listed = list.locator('.my-booking-meta').first();
    await expect(listed).toBeVisible();
    await expect(list.getByText('acompte non payé')).toHaveCount(0);
    await list.close();
    await trip.screenshot({ path: 'test-results/statements/trip-on-statement-fr-390.png', fullPage: true });
    const drawerPage = await office.newPage();
    const drawer = await openDrawer(drawerPage, bookingId, `Réservation n° ${bookingId}`);
    await expect(drawer.getByText('Terminée · facture mensuelle à encaisser')).toBeVisible();
    // Money still to come: the badge is not a settled trip's green.
    await expect(drawer.getByText('Terminée · facture mensuelle à encaisser')).toHaveClass(/payment-on_statement/);
    const badgeColour = await drawer.getByText('Terminée · facture mensuelle à encaisser').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(badgeColour).not.toBe(await drawer.evaluate(() => {
      const probe = document.createElement('span');
      probe.className = 'status-badge status-completed';
      document.body.append(probe);
      const colour = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return colour;
    }));
    await expect(drawer.getByText('Facturée sur la facture mensuelle de l’entreprise : rien à encaisser à bord.')).toBeVisible();
    await expect(drawer.getByText('Soldée')).toHaveCount(0);
    // Nothing to collect on board: the section is named after the statement, with no zero amounts.
    await expect(drawer.getByRole('heading', { name: 'Facture mensuelle de l’entreprise' })).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Solde encaissé' })).toHaveCount(0);
    await drawerPage.screenshot({ path: 'test-results/statements/drawer-on-statement-fr-1366.png', fullPage: true });
    await drawerPage.close();

    await line.getByRole('button', { name: 'Marquer payée' }).click();
    await expectToast(page, 'Facture marquée payée');
    await expect(line).toContainText('Payée le');
    await expect(line.getByRole('button', { name: 'Marquer payée' })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/statements/owner-statements-fr-1366.png', fullPage: true });

    await mine.reload();
    await expect(invoices.getByRole('row', { name: new RegExp(number) })).toContainText('Payée le');
    await trip.reload();
    await expect(trip.getByText('Terminée · réglée')).toBeVisible();
    // The drawer once the statement is paid: still named after it, paid by it, with no zero amounts.
    const paidPage = await office.newPage();
    const paid = await openDrawer(paidPage, bookingId, `Réservation n° ${bookingId}`);
    await expect(paid.getByText('Réglée avec la facture mensuelle de l’entreprise : rien à encaisser.')).toBeVisible();
    await expect(paid.getByRole('heading', { name: 'Facture mensuelle de l’entreprise' })).toBeVisible();
    await expect(paid.getByRole('heading', { name: 'Solde encaissé' })).toHaveCount(0);
    await expect(paid.getByText('Course soldée : rien à encaisser.')).toHaveCount(0);
    await paidPage.close();

    // The owner's screen in Arabic: the statement, paid.
    await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
    await page.goto('/companies');
    const arabic = page.getByRole('region', { name: 'الفواتير الشهرية' });
    await expect(arabic.getByRole('row', { name: new RegExp(number) })).toContainText('دُفعت في');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.screenshot({ path: 'test-results/statements/owner-statements-ar-1366.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/statements/owner-statements-ar-390.png', fullPage: true });
    await office.close();
    await space.close();
  });
});
