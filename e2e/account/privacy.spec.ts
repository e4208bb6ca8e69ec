import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newUser } from '../support/accounts';
import { registerThroughUi } from '../support/auth-steps';

test('a customer downloads their data, then deletes the account with their password and can no longer sign in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughUi(page, user);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 2, name: 'Mes données' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger mes données' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^riviera-vtc-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
  expect(data.account).toMatchObject({ email: user.email, fullName: user.fullName });
  expect(data.bookings).toEqual([]);

  // A wrong password is refused in French, and the account stays.
  const card = page.getByRole('region', { name: 'Mes données' });
  await card.getByLabel('Mot de passe actuel').fill('not-my-password');
  await card.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(card.getByText('Le mot de passe actuel est incorrect')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();

  // The dialog says what happens; "keep" changes nothing.
  await card.getByLabel('Mot de passe actuel').fill(user.password);
  await card.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await expect(page.getByRole('dialog')).toContainText('Cette action est irréversible');
  await page.getByRole('dialog').getByRole('button', { name: 'Garder mon compte' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card.getByLabel('Mot de passe actuel')).toHaveValue(user.password);

  await card.getByRole('button', { name: 'Supprimer mon compte' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Votre compte a été supprimé' })).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);

  // The session is gone even after a reload, and the old password opens nothing.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
  await page.goto('/auth/sign');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('E-mail ou mot de passe incorrect').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toHaveCount(0);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.status()).toBe(401);
});
