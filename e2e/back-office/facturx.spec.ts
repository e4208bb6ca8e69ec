import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { adminToken, createPendingBooking, registerCustomer, row } from './back-office-steps';

test.describe.configure({ timeout: 90_000 });

const XSD = path.join(import.meta.dirname, '../../apps/api/test/support/cii-xsd/Factur-X_1.07.3_EN16931.xsd');
const COMPANY = { companyName: 'Hôtel Négresco Conciergerie SAS', address: '37 promenade des Anglais, 06000 Nice', siren: '303 265 045', vatNumber: 'FR 40 303 265 045' };

/**
 * A business customer's booking (the company in their profile, decision 0134), accepted, its cash
 * deposit received: its deposit invoice is issued, and is a Factur-X (decision 0139). Booked on a
 * day of its own (day offsets 700-709).
 */
async function businessDeposit(request: APIRequestContext): Promise<number> {
  const customer = await registerCustomer(request);
  const profile = await request.put('/api/profile/update', {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { fullName: 'Client Réservation', email: customer.email, phone: '+33612345678', billing: COMPANY },
  });
  expect(profile.ok(), await profile.text()).toBe(true);
  const id = await createPendingBooking(request, customer, 700);
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  for (const step of ['accept', 'deposit-received']) {
    const response = await request.put(`/api/booking/${step}/${id}`, { headers, data: {} });
    expect(response.ok(), `${step}: ${await response.text()}`).toBe(true);
  }
  return id;
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** xmllint's verdict against the vendored EN 16931 schema. */
function schemaCheck(xml: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-cii-'));
  try {
    writeFileSync(path.join(dir, 'factur-x.xml'), xml);
    execFileSync('xmllint', ['--noout', '--schema', XSD, path.join(dir, 'factur-x.xml')], { stdio: 'pipe' });
    return 'validates';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('Factures: a business customer’s deposit invoice downloads as Factur-X (XML valid, PDF carrying it), with the e-reporting; in Arabic too', async ({ page, request }) => {
  const id = await businessDeposit(request);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Factures', exact: true }).click();
  await expect(page).toHaveURL('/invoices');

  const receiptRow = row(page, `#${id}`).filter({ hasText: /^A-\d{4}-\d{6}/ });
  await expect(receiptRow).toHaveCount(1);
  await expect(receiptRow).toContainText(COMPANY.companyName);
  // No platform configured here: the file is to be downloaded.
  await expect(receiptRow).toContainText('Non transmise : fichier à télécharger');

  const xml = await download(page, () => receiptRow.getByRole('button', { name: /Factur-X \(XML\)/ }).click());
  expect(xml.name).toMatch(/^A-\d{4}-\d{6}-factur-x\.xml$/);
  const text = xml.bytes.toString('utf8');
  expect(text).toContain('<rsm:CrossIndustryInvoice');
  expect(text).toContain('<ram:TypeCode>386</ram:TypeCode>');
  expect(text).toContain(`<ram:Name>${COMPANY.companyName}</ram:Name>`);
  expect(schemaCheck(xml.bytes)).toBe('validates');

  const pdf = await download(page, () => receiptRow.getByRole('button', { name: /Télécharger/ }).click());
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1')).toContain('factur-x.xml');

  const report = await download(page, () => page.getByRole('button', { name: 'E-reporting du mois (CSV)' }).click());
  expect(report.name).toMatch(/^e-reporting-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(report.bytes.toString('utf8').split('\r\n')[0]).toBe('section;date;taux_tva;nombre;ht;tva;ttc');

  await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
  await page.goto('/invoices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الفواتير');
  const arabicRow = row(page, `#${id}`).filter({ hasText: /A-\d{4}-\d{6}/ });
  await expect(arabicRow).toContainText('لم تُرسل: ملف للتنزيل');
  const arabicXml = await download(page, () => arabicRow.getByRole('button', { name: /Factur-X \(XML\)/ }).click());
  expect(arabicXml.bytes.equals(xml.bytes)).toBe(true);
  await page.evaluate(() => window.localStorage.setItem('language', 'fr'));
});
