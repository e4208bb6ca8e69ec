import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newUser } from '../support/accounts';
import { logIn, registerThroughApi, registerThroughUi, signInThroughApi } from '../support/auth-steps';
import { tripDateTime } from '../support/worker-day';
import { addToCounter, pickAddress } from '../booking/booking-steps';

/** Every Content-Security-Policy refusal the page meets, from the console and from the DOM event. */
function watchCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  void page.exposeFunction('reportCspViolation', (text: string) => violations.push(`${page.url()}: ${text}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation?: (text: string) => void }).reportCspViolation;
      report?.(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

// One test per area, so that each has its own time: the API docs alone render a 390 kB OpenAPI
// document, which takes Chromium seconds on a busy two-core machine.
test('the home page runs under the Content-Security-Policy', async ({ page }) => {
  const violations = watchCsp(page);
  const home = await page.goto('/');
  expect(home?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(home?.headers()['content-security-policy']).not.toContain('unsafe-inline');
  await expect(page.locator('#root h1')).toBeVisible();
  expect(violations).toEqual([]);
});

test('the booking funnel runs under the Content-Security-Policy', async ({ page, request }) => {
  const violations = watchCsp(page);
  const user = newUser();
  await registerThroughApi(request, user);
  await signInThroughApi(page, user.email, user.password);
  await page.goto('/system');
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await pickAddress(page, 'Départ', 'Cannes', 'Cannes');
  await pickAddress(page, 'Arrivée', 'Nice', 'Nice');
  // A time no other spec books: the pending bookings of createPendingBooking (day 5 onwards, 07:00 to 19:00) hold the Mercedes.
  await page.getByLabel('Date et heure de prise en charge').fill(tripDateTime(156, '22:30'));
  await addToCounter(page, 'Adultes', 1);
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();
  await expect(page).toHaveURL('/summary');
  await page.getByRole('button', { name: 'Choisir Mercedes Classe V' }).click();
  await expect(page).toHaveURL('/confirmation');
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmez votre réservation' })).toBeVisible();
  expect(violations).toEqual([]);
});

for (const path of ['/pricing', '/bookings', '/cars', '/pricing-list']) {
  test(`the admin page ${path} runs under the Content-Security-Policy`, async ({ page }) => {
    const violations = watchCsp(page);
    await signInThroughApi(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });
}

test('the login page runs under the Content-Security-Policy', async ({ page }) => {
  const violations = watchCsp(page);
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  expect(violations).toEqual([]);
});

test('the API docs run under the Content-Security-Policy', async ({ page }) => {
  const violations = watchCsp(page);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Riviera VTC API/ })).toBeVisible({ timeout: 20_000 });
  expect(violations).toEqual([]);
});

test('the session survives a reload, with no token in storage', async ({ page, context }) => {
  const user = newUser();
  await registerThroughUi(page, user);

  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'vtc_refresh');
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth' });
  const storage = await page.evaluate(() => JSON.stringify({ ...window.localStorage, ...window.sessionStorage }));
  expect(storage).not.toContain(cookie!.value);
  expect(storage).not.toMatch(/eyJ[\w-]+\.[\w-]+\./);

  // A reload gets a new access token through the cookie.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Déconnexion' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);
});

test('the session follows other tabs, and sign-out revokes it', async ({ page, context, request }) => {
  const user = newUser();
  await registerThroughApi(request, user);
  await signInThroughApi(page, user.email, user.password);
  await page.goto('/account');
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);

  // A second tab opens signed in; signing out there signs this tab out too.
  const second = await context.newPage();
  await second.goto('/account');
  await expect(second.getByLabel('E-mail')).toHaveValue(user.email);
  const current = (await context.cookies()).find((candidate) => candidate.name === 'vtc_refresh')!.value;
  await second.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(second.getByRole('link', { name: 'Connexion', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connexion', exact: true })).toBeVisible();

  // The refresh token of the ended session no longer works, from any client.
  const replay = await page.request.post('/api/auth/refreshToken', { data: { refresh_token: current } });
  expect(replay.status()).toBe(401);
});
