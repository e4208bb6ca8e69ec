import { expect, test } from '@playwright/test';
import { findMailLink } from '../booking/mail-box';
import { newUser } from '../support/accounts';
import { registerThroughApi } from '../support/auth-steps';

const signInLink = (to: string) => findMailLink(/https?:\/\/[^\s/]+\/auth\/sign-in-link\?token=[^\s>"]+/, to);

test('a customer locked out by wrong guesses gets in through a link by mail, which then dies', async ({ page, request }) => {
  test.setTimeout(60_000);
  const user = newUser();
  await registerThroughApi(request, user);
  // Someone else guesses until the account is locked.
  for (let i = 0; i < 5; i += 1) {
    expect((await request.post('/api/auth/login', { data: { email: user.email, password: 'Not-the-password-1' } })).status()).toBe(401);
  }

  await page.goto('/auth/sign');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const notice = page.locator('.notice').filter({ hasText: 'Ce compte est verrouillé' });
  await expect(notice).toBeVisible();
  await notice.getByRole('link', { name: 'Recevoir un lien de connexion' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Connexion par lien' })).toBeVisible();
  // The address typed on the sign-in form comes along.
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Recevoir un lien de connexion' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Si un compte existe pour cet e-mail, un lien de connexion a été envoyé' })).toBeVisible();
  await expect.poll(() => signInLink(user.email), { timeout: 20_000 }).not.toBeNull();
  const link = signInLink(user.email)!;

  await page.goto(link);
  await page.getByRole('button', { name: 'Me connecter' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Déconnexion' }).click();

  // Used once: the same link is refused, with a way to ask for a new one.
  await page.goto(link);
  await page.getByRole('button', { name: 'Me connecter' }).click();
  await expect(page.locator('.notice').filter({ hasText: 'Ce lien de connexion est invalide, a déjà servi ou a expiré.' })).toBeVisible();
  await page.getByRole('link', { name: 'Demander un nouveau lien' }).click();
  await expect(page).toHaveURL('/auth/sign-in-link');
});
