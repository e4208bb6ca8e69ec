import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { NewUser } from './accounts';

/** Creates an account through the API (its French phone number written with +33). */
export async function registerThroughApi(request: APIRequestContext, user: NewUser): Promise<void> {
  const created = await request.post('/api/auth/register', {
    data: { ...user, phone: `+33${user.phone}`, confirmPassword: user.password, acceptTerms: true },
  });
  expect(created.status()).toBe(201);
}

/** Logs in through the French login page. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/sign');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
}

/**
 * Signs the page's browser in without the login page, for tests whose subject is not the login
 * (the login page has tests of its own, auth.spec.ts): the API sets the HttpOnly refresh cookie
 * in the page's context, and the app, which restores a session through that cookie only for the
 * user it remembers (apps/web/src/lib/auth-session.ts), is told who that is. The next page load
 * is signed in.
 */
export async function signInThroughApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: { role: string; email: string; full_name: string; phone: string } };
  // A light page of the site's origin, to reach its local storage.
  await page.goto('/api/health');
  await page.evaluate(
    (stored) => window.localStorage.setItem('user', JSON.stringify(stored)),
    { role: user.role, email: user.email, full_name: user.full_name, phone: user.phone },
  );
}

/** Creates an account through the French registration page (which signs the user in). */
export async function registerThroughUi(page: Page, user: NewUser): Promise<void> {
  await page.goto('/auth/register');
  await page.getByLabel('Nom complet').fill(user.fullName);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Téléphone').fill(user.phone);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByLabel('Confirmer le mot de passe').fill(user.password);
  await page.getByLabel("J'ai lu et j'accepte les conditions générales de vente et la politique de confidentialité").check();
  await page.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
}

/**
 * An access token for calling the API directly. The page keeps its own in memory only (the
 * refresh token is an HttpOnly cookie), so a test signs in through the API instead.
 */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}
