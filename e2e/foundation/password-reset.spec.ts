import { expect, test } from '@playwright/test';
import { findMailLink } from '../booking/mail-box';
import { newUser } from '../support/accounts';
import { logIn, registerThroughUi } from '../support/auth-steps';

const resetLink = (to: string) => findMailLink(/https?:\/\/[^\s/]+\/auth\/reset-password\?token=[^\s>"]+/, to);

test('a customer who forgot the password gets a link by mail, chooses a new one, and the link then dies', async ({ page }) => {
  test.setTimeout(60_000);
  const user = newUser();
  await registerThroughUi(page, user);
  await page.getByRole('button', { name: 'Déconnexion' }).click();

  await page.goto('/auth/sign');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Si un compte existe pour cet e-mail, un lien de réinitialisation a été envoyé' })).toBeVisible();
  await expect.poll(() => resetLink(user.email), { timeout: 20_000 }).not.toBeNull();
  const link = resetLink(user.email)!;

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeVisible();
  const newPassword = 'Nouveau-mot-de-passe-2026';
  // The confirmation must match, and the form says so in French before sending anything.
  await page.getByLabel('Nouveau mot de passe').fill(newPassword);
  await page.getByLabel('Confirmer le mot de passe').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await page.getByLabel('Confirmer le mot de passe').fill(newPassword);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  // The new password opens a session at once (decision 0179): home, signed in.
  await expect(page).toHaveURL('/');
  await expect(page.locator('.Toastify').getByRole('alert').filter({ hasText: 'Votre mot de passe a été réinitialisé' })).toBeVisible();
  await page.getByRole('button', { name: 'Déconnexion' }).click();

  // The old password no longer opens the account; the new one does.
  await page.goto('/auth/sign');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou mot de passe incorrect' }).first()).toBeVisible();
  await logIn(page, user.email, newPassword);
  await page.getByRole('button', { name: 'Déconnexion' }).click();

  // Used once: the same link is refused with a clear message, and the password stays.
  await page.goto(link);
  await page.getByLabel('Nouveau mot de passe').fill('Encore-un-autre-2026');
  await page.getByLabel('Confirmer le mot de passe').fill('Encore-un-autre-2026');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByText('Ce lien de réinitialisation est invalide ou a expiré')).toBeVisible();
  await expect(page).toHaveURL(link);
  await logIn(page, user.email, newPassword);
});

test('a reset address without its token says the link is incomplete and offers a new one', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expect(page.getByText('Ce lien est incomplet ou a expiré. Demandez un nouveau lien de réinitialisation.')).toBeVisible();
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page).toHaveURL('/auth/forgot-password');
});
