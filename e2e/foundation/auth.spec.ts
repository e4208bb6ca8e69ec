import { expect, test } from '@playwright/test';
import { newUser } from '../support/accounts';
import { logIn, registerThroughApi, registerThroughUi, signInThroughApi } from '../support/auth-steps';

test('a visitor creates an account and is logged in', async ({ page }) => {
  const user = newUser();
  await registerThroughUi(page, user);

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Connexion' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Plus', exact: true }).click();
  await page.getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await expect(page.getByLabel('Nom complet')).toHaveValue(user.fullName);
});

test('a logged-in user updates the profile and changes the password', async ({ page, request }) => {
  const user = newUser();
  // Registering and logging in through the pages have tests of their own above and below.
  await registerThroughApi(request, user);
  await signInThroughApi(page, user.email, user.password);
  await page.goto('/account');

  const profile = page.getByRole('region', { name: 'Modifier le profil' });
  await profile.getByLabel('Nom complet').fill(`${user.fullName} Renamed`);
  await profile.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Profil mis à jour' })).toBeVisible();

  const password = page.getByRole('region', { name: 'Changer le mot de passe' });
  const newPassword = `${user.password}-2`;
  await password.getByLabel('Mot de passe actuel').fill(user.password);
  await password.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
  await password.getByLabel('Confirmer le nouveau mot de passe').fill(newPassword);
  await password.getByRole('button', { name: 'Modifier le mot de passe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Mot de passe modifié' })).toBeVisible();

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await logIn(page, user.email, newPassword);
  await page.goto('/account');
  await expect(page.getByLabel('Nom complet')).toHaveValue(`${user.fullName} Renamed`);
});

test('registration refuses mismatched passwords with the shared message', async ({ page }) => {
  const user = newUser();
  await page.goto('/auth/register');
  await page.getByLabel('Nom complet').fill(user.fullName);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Téléphone').fill(user.phone);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmer le mot de passe').fill(`${user.password}-x`);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register$/);
});

test('a registered user logs in, and is sent home when opening the login page again', async ({ page, request }) => {
  const user = newUser();
  await registerThroughApi(request, user);

  await page.goto('/auth/sign');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'E-mail ou mot de passe incorrect' })).toBeVisible();

  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL('/');

  await page.goto('/auth/sign');
  await expect(page).toHaveURL('/');

  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('link', { name: 'Connexion', exact: true })).toBeVisible();
});

test('login returns to the link given in ?redirect=', async ({ page, request }) => {
  const user = newUser();
  await request.post('/api/auth/register', {
    data: { ...user, phone: `+33${user.phone}`, confirmPassword: user.password, acceptTerms: true },
  });

  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth\/sign\?redirect=%2Faccount$/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
});
