import { expect, test } from '@playwright/test';
import { waitForApp } from '../support/page-ready';
import { adminToken, unique } from './back-office-steps';
import { expectNoSidewaysScroll, missionLink, paidBooking } from './mission-steps';

test.describe.configure({ timeout: 90_000 });

test('after a reassignment, the first chauffeur’s link shows only that the trip is no longer theirs (decision 0109)', async ({ browser, request }) => {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const drivers: number[] = [];
  for (const name of [unique('Luc Premier'), unique('Nadia Relais')]) {
    const added = await request.post('/api/driver/add', {
      headers: admin,
      data: { fullName: name, phone: '+33698765432', email: `${name.replaceAll(' ', '-').toLowerCase()}@e2e.test`, languages: ['fr'] },
    });
    expect(added.status()).toBe(201);
    drivers.push(((await added.json()) as { data: { id: number } }).data.id);
  }
  const id = await paidBooking(request, admin, 425);
  const assign = (driverId: number | undefined) => request.put(`/api/booking/assign/${id}`, { headers: admin, data: { driverId, carId: 1 } });
  expect((await assign(drivers[0])).ok()).toBe(true);
  const oldLink = await missionLink(id);
  expect((await assign(drivers[1])).ok()).toBe(true);
  const newLink = await missionLink(id, oldLink);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR' });
  const mission = await phone.newPage();
  await mission.goto(oldLink);
  // Layout, page, words and mission load one after the other: slow on a busy test machine.
  await expect(mission.getByRole('heading', { level: 1, name: 'Cette course n’est plus la vôtre' })).toBeVisible({ timeout: 30_000 });
  await waitForApp(mission);
  await expect(mission.getByRole('alert')).toContainText('La société l’a confiée à un autre chauffeur : ne vous déplacez pas.');
  // Nothing of the passenger, the places or the trip, and nothing to tap.
  const main = mission.locator('#root');
  for (const secret of ['Camille Martin', 'Croisette', 'Cannes', 'AF7700', 'Un siège enfant', '06 12 34 56 78', `Mission n° ${id}`]) {
    await expect(main).not.toContainText(secret);
  }
  await expect(mission.getByRole('link', { name: /Appeler|bon de réservation/ })).toHaveCount(0);
  await expect(mission.getByRole('button', { name: /Je suis en route/ })).toHaveCount(0);
  await expectNoSidewaysScroll(mission);

  // The same in Arabic, right to left, within the phone.
  await mission.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'العربية' }).click();
  await expect(mission.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(mission.getByRole('heading', { level: 1, name: 'لم تعد هذه الرحلة لك' })).toBeVisible({ timeout: 30_000 });
  await expect(mission.getByRole('alert')).toContainText('أسندتها الشركة إلى سائق آخر: لا تذهب.');
  await expectNoSidewaysScroll(mission);

  // The new chauffeur’s link shows the trip.
  await mission.goto(newLink);
  await expect(mission.getByRole('heading', { level: 1, name: `المهمة رقم ${id}` })).toBeVisible({ timeout: 30_000 });
  await expect(mission.getByText('12 boulevard de la Croisette, Cannes')).toBeVisible();
  await phone.close();
});
