import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { signInThroughApi } from '../support/auth-steps';
import { tripDateTime } from '../support/worker-day';
import { adminToken, expectToast } from './back-office-steps';
import { changedMail, openDrawer, paidBooking } from './change-steps';
import { expectNoSidewaysScroll } from './mission-steps';

/**
 * The company changes a paid booking from the drawer (issue 21 item 2, decision 0120): the modal
 * sends what changed, the server re-prices and re-holds, and the customer is mailed what changed
 * with the trip's calendar file under the same UID and a higher SEQUENCE. In French and in Arabic.
 */

test.describe.configure({ timeout: 90_000 });

const SHOTS = process.env.CHANGE_SHOTS;

test('the company changes a paid booking from the drawer; the customer is mailed what changed with the updated calendar (fr)', async ({ page, request }) => {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const { id } = await paidBooking(request, admin, 430);
  await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const drawer = await openDrawer(page, id, `Réservation n° ${id}`);

  await drawer.getByRole('button', { name: 'Modifier la réservation' }).click();
  const modal = page.getByRole('dialog', { name: `Modifier la réservation n°${id}` });
  await expect(modal).toBeVisible();
  if (SHOTS) await modal.screenshot({ path: `${SHOTS}/change-modal-fr-1366.png` });

  // Every change the company makes says why (decisions 12): the reason left empty is refused on its field.
  await modal.getByLabel('Date et heure de prise en charge').fill('2020-01-06T10:00');
  await modal.getByRole('button', { name: 'Enregistrer la modification' }).click();
  await expect(modal.getByText('Ce champ est obligatoire')).toBeVisible();
  // A time less than 2 hours away is refused on its field, in French; nothing changes.
  await modal.getByLabel('Raison de la modification').fill('Appel du client');
  await modal.getByRole('button', { name: 'Enregistrer la modification' }).click();
  await expect(modal.getByText('La réservation n’est possible qu’au moins 2 heures à l’avance')).toBeVisible();

  await modal.getByLabel('Date et heure de prise en charge').fill(tripDateTime(430, '11:15'));
  // A stop on the way, chosen with the site's place picker.
  await expect(modal.getByRole('combobox', { name: 'Départ', exact: true })).toHaveValue('Cannes');
  await modal.getByRole('button', { name: 'Ajouter un arrêt' }).click();
  const stop = modal.getByRole('group', { name: 'Arrêt 1', exact: true });
  await stop.getByRole('combobox', { name: 'Arrêt 1', exact: true }).fill('Antibes');
  await stop.getByRole('option', { name: 'Antibes', exact: true }).click();
  await modal.getByLabel('Adultes').fill('3');
  await modal.getByLabel('Notes').fill('Deux sièges enfant');
  await modal.getByRole('button', { name: 'Enregistrer la modification' }).click();
  await expectToast(page, 'Réservation modifiée : le client a été prévenu');
  await expect(modal).toBeHidden();
  await expect(drawer).toContainText('11:15');
  await expect(drawer.getByRole('region', { name: 'Modifications' })).toContainText('Modifiée par la société');

  const mail = await changedMail(id);
  expect(mail).toContain('Votre réservation a été modifiée. Voici ce qui change :');
  expect(mail).toMatch(/Prise en charge : \d\d\/\d\d\/\d{4} \d\d:\d\d → \d\d\/\d\d\/\d{4} 11:15/);
  expect(mail).toContain('Passagers : 2 adulte(s), 0 enfant(s), 0 siège(s) enfant → 3 adulte(s), 0 enfant(s), 0 siège(s) enfant');
  expect(mail).toMatch(/Cannes · Nice → Cannes · Antibes · Nice/);
  expect(mail).toContain(`UID:booking-${id}-outbound@`);
  expect(mail).toContain('SEQUENCE:1');
});

test('the change modal in Arabic: right to left, translated, and the change applied (ar)', async ({ page, request }) => {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const { id } = await paidBooking(request, admin, 460);
  await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.evaluate(() => window.localStorage.setItem('language', 'ar'));
  const drawer = await openDrawer(page, id, `الحجز رقم ${id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await drawer.getByRole('button', { name: 'تعديل الحجز' }).click();
  const modal = page.getByRole('dialog', { name: `تعديل الحجز رقم ${id}` });
  await expect(modal).toBeVisible();
  await modal.getByLabel('تاريخ ووقت الانطلاق').fill(tripDateTime(460, '12:40'));
  await modal.getByLabel('رقم الرحلة الجوية').fill('EK 073');
  await modal.getByLabel('سبب التعديل').fill('اتصال العميل');
  if (SHOTS) {
    await modal.screenshot({ path: `${SHOTS}/change-modal-ar-1366.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/change-modal-ar-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  await modal.getByRole('button', { name: 'حفظ التعديل' }).click();
  await expectToast(page, 'تم تعديل الحجز وإبلاغ العميل');
  await expect(drawer.getByRole('region', { name: 'التعديلات' })).toContainText('EK073');
  const mail = await changedMail(id);
  expect(mail).toContain('Vol : AF7700 → EK073');
  expect(mail).toContain('SEQUENCE:1');
});
