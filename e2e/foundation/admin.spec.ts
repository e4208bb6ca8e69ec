import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from '../support/accounts';
import { logIn, registerThroughUi } from '../support/auth-steps';

test('the admin logs in and sees the admin area', async ({ page }) => {
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // The admin area opens on the dashboard.
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Bonjour, administrateur')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();

  const sidebar = page.getByRole('navigation', { name: "Menu d'administration" });
  await expect(sidebar.getByRole('link')).toHaveText(['Tableau de bord', 'Réservations', 'Planning', 'Tarification', 'Liste de prix', 'Tarifs horaires', 'Excursions', 'Voitures', 'Durées', 'Jours fériés', 'Profil', 'Saisons', 'Chauffeurs', 'Factures', 'Clients pro', 'Utilisateurs', 'Messages', 'Avis']);
  for (const label of ['Tarification', 'Liste de prix', 'Tarifs horaires', 'Excursions', 'Voitures', 'Durées', 'Jours fériés', 'Profil', 'Saisons', 'Chauffeurs']) {
    await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
  }

  await sidebar.getByRole('link', { name: 'Voitures' }).click();
  await expect(page).toHaveURL('/cars');
  await expect(page.getByRole('heading', { level: 1, name: 'Voitures' })).toBeVisible();

  await sidebar.getByRole('link', { name: 'Profil' }).click();
  await expect(page.getByRole('heading', { name: 'Modifier le profil' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Changer le mot de passe' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(ADMIN_EMAIL);

  const toggle = page.getByRole('button', { name: 'Afficher ou masquer le menu' });
  await toggle.click();
  await expect(sidebar).toBeHidden();
  await toggle.click();
  await expect(sidebar).toBeVisible();

  await sidebar.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: 'Connexion', exact: true })).toBeVisible();

  await page.goto('/pricing');
  await expect(page).toHaveURL('/');
});

test('a plain user visiting an admin page is sent home', async ({ page }) => {
  await registerThroughUi(page, newUser());
  await page.goto('/cars');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Votre chauffeur privé sur la Côte d'Azur");
});

test('a visitor visiting an admin page is sent home', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL('/');
});
