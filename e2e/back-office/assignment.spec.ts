import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { waitForApp } from '../support/page-ready';
import { adminToken, expectToast, row, unique } from './back-office-steps';
import { expectNoSidewaysScroll, missionLink, paidBooking } from './mission-steps';

test.describe.configure({ timeout: 90_000 });

const screenshots = path.resolve(import.meta.dirname, '../../test-results/screenshots');

test('the admin assigns a chauffeur from the drawer; the chauffeur’s mailed link shows the trip on a phone, its first step not open yet', async ({ page, browser, request }) => {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const driverName = unique('Luc Chauffeur');
  const added = await request.post('/api/driver/add', {
    headers: admin,
    data: { fullName: driverName, phone: '+33698765432', email: `${driverName.replace(' ', '-').replace(' ', '-').toLowerCase()}@e2e.test`, languages: ['fr', 'it'] },
  });
  expect(added.status()).toBe(201);
  const id = await paidBooking(request, admin, 400);

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/bookings');
  await page.getByLabel('Rechercher une réservation').fill(`#${id}`);
  await page.getByRole('search').getByRole('button', { name: 'Rechercher' }).click();
  await row(page, `#${id}`).getByRole('button', { name: 'Détails' }).click();
  const drawer = page.getByRole('dialog', { name: `Réservation n° ${id}` });
  await expect(drawer).toContainText('Aucun chauffeur attribué.');
  await drawer.getByRole('combobox', { name: 'Chauffeur' }).selectOption({ label: `${driverName} (FR, IT)` });
  // The booking's own car is chosen already.
  await expect(drawer.getByRole('combobox', { name: 'Voiture' })).toHaveValue('1');
  await drawer.getByRole('button', { name: 'Attribuer' }).click();
  await expectToast(page, 'Chauffeur attribué : il a reçu le lien de sa mission');
  await expect(drawer).toContainText(`Attribuée à ${driverName} (06 98 76 54 32).`);
  await page.screenshot({ path: path.join(screenshots, 'drawer-assigned-fr.png') });

  // The chauffeur opens the link from the mail on a phone: no account, no sign-in.
  const link = await missionLink(id);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const mission = await phone.newPage();
  await mission.goto(link);
  // Layout, page, words and mission load one after the other: slow on a busy test machine.
  await expect(mission.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await waitForApp(mission);
  await expect(mission.getByRole('heading', { level: 1, name: `Mission n° ${id}` })).toBeVisible();
  await expect(mission.getByText('12 boulevard de la Croisette, Cannes')).toBeVisible();
  await expect(mission.getByRole('link', { name: /Appeler/ })).toHaveAttribute('href', 'tel:+33612345678');
  await expect(mission.getByText('AF7700')).toBeVisible();
  await expect(mission.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  // The voucher to show on request during the trip, downloaded with the link's token alone.
  const voucherLink = mission.getByRole('link', { name: 'Télécharger le bon de réservation (PDF)' });
  const downloading = mission.waitForEvent('download');
  await voucherLink.click();
  expect((await downloading).suggestedFilename()).toMatch(/^BR-\d{4}-\d{6}-v\d+\.pdf$/);
  await expectNoSidewaysScroll(mission);
  await mission.screenshot({ path: path.join(screenshots, 'mission-fr-390.png'), fullPage: true });
  await mission.setViewportSize({ width: 1366, height: 900 });
  await mission.screenshot({ path: path.join(screenshots, 'mission-fr-1366.png'), fullPage: true });
  await mission.setViewportSize({ width: 390, height: 844 });

  // The trip is months away: "en route" opens only hours before pickup (decision 0117), and says
  // from when; trip-clock.spec.ts takes the steps on a trip booked for soon.
  await expect(mission.getByRole('button', { name: 'Je suis sur place' })).toBeDisabled();
  const enRoute = mission.getByRole('button', { name: /^Je suis en route/ });
  await expect(enRoute).toContainText(/À partir du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await enRoute.click();
  await expect(mission.getByRole('alert').filter({ hasText: 'Cette étape ne s’ouvre qu’à partir du' })).toBeVisible();
  await expect(mission.getByText('Pas encore en route')).toBeVisible();

  // The same page in Arabic, chosen with the language switch: right to left, still within the phone.
  await mission.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'العربية' }).click();
  await expect(mission.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(mission.getByRole('heading', { level: 1, name: `المهمة رقم ${id}` })).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(mission);
  await mission.screenshot({ path: path.join(screenshots, 'mission-ar-390.png'), fullPage: true });
  await mission.setViewportSize({ width: 1366, height: 900 });
  await mission.screenshot({ path: path.join(screenshots, 'mission-ar-1366.png'), fullPage: true });

  // A wrong token: a clear refusal, not the home page.
  await mission.goto(`/mission?id=${id}&token=not-the-token`);
  await expect(mission.getByRole('heading', { level: 1, name: 'رابط مرفوض' })).toBeVisible({ timeout: 30_000 });
  await expect(mission.getByText('رابط المهمة هذا غير صالح')).toBeVisible();
  await mission.screenshot({ path: path.join(screenshots, 'mission-refused-ar-1366.png'), fullPage: true });
  await phone.close();
});
