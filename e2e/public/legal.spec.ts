import { expect, test } from '@playwright/test';
import { newUser } from '../support/accounts';
import { localized, text, type Language } from '../support/locales';
import { waitForApp } from '../support/page-ready';

const LEGAL_PAGES = [
  { path: '/mentions-legales', link: 'footer.legalNotice', title: 'legal:notice.title' },
  { path: '/cgv', link: 'footer.terms', title: 'legal:terms.title' },
  { path: '/confidentialite', link: 'footer.privacy', title: 'legal:privacy.title' },
] as const;

for (const language of ['fr', 'ar'] as const satisfies readonly Language[]) {
  test(`the footer leads to the legal notice, the terms of sale and the privacy policy in ${language}`, async ({ page }) => {
    for (const legal of LEGAL_PAGES) {
      await page.goto(localized('/', language));
      await waitForApp(page);
      await page.getByRole('contentinfo').getByRole('link', { name: text(language, legal.link), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}(\\?|$)`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(language, legal.title));
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    }
    // The company's identity comes from the configuration.
    await page.goto(localized('/mentions-legales', language));
    const main = page.getByRole('main');
    await expect(main).toContainText('Riviera VTC SAS');
    await expect(main).toContainText('123456789');
    await expect(main).toContainText('EVTC006230001');
    await expect(main).toContainText('FR32123456789');
    await expect(main).not.toContainText('{{');

    await page.goto(localized('/cgv', language));
    await expect(page.getByRole('main')).toContainText(language === 'fr' ? 'acompte de 20 %' : 'عربون قدره 20 %');
    await expect(page.getByRole('main')).toContainText('48');
  });
}

test('registration asks to accept the terms, links them, and creates the account once they are ticked', async ({ page }) => {
  const user = newUser();
  await page.goto('/auth/register');
  await page.getByLabel('Nom complet').fill(user.fullName);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Téléphone').fill(user.phone);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmer le mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Veuillez accepter les conditions générales de vente et la politique de confidentialité')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register$/);

  await expect(page.getByRole('link', { name: text('fr', 'auth:register.readTerms') })).toHaveAttribute('href', '/cgv');
  await expect(page.getByRole('link', { name: text('fr', 'auth:register.readPrivacy') })).toHaveAttribute('href', '/confidentialite');

  await page.getByLabel(text('fr', 'auth:register.acceptTerms')).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
});

test('a phone number no one can call is refused on the register form', async ({ page }) => {
  const user = newUser();
  await page.goto('/auth/register');
  await page.getByLabel('Nom complet').fill(user.fullName);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Téléphone').fill('1234');
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmer le mot de passe').fill(user.password);
  await page.getByLabel(text('fr', 'auth:register.acceptTerms')).check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByText('Numéro de téléphone invalide : vérifiez le pays et le nombre de chiffres')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/register$/);
});
