// Screenshots of the pages whose look a stylesheet change could alter, and a pixel comparison of
// two such sets: the check that a CSS refactor changes nothing a visitor sees.
//
//   PORT=3061 DATA_DIR=/tmp/shots-data ADMIN_EMAIL=admin@shots.test ADMIN_PASSWORD=Admin-shots-password npm start
//   node scripts/screenshot-pages.ts shoot http://127.0.0.1:3061 /tmp/shots/before
//   (change the styles, restart the server)
//   node scripts/screenshot-pages.ts shoot http://127.0.0.1:3061 /tmp/shots/after
//   node scripts/screenshot-pages.ts compare /tmp/shots/before /tmp/shots/after
//
// The admin account is the one the server creates on first start from ADMIN_EMAIL/ADMIN_PASSWORD.
// Give each run a fresh DATA_DIR: the account page lists the bookings earlier runs made.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const ADMIN_EMAIL = process.env.ADMIN_EMAIL ?? 'admin@shots.test';
const ADMIN_PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin-shots-password';
const CUSTOMER = { fullName: 'Client Captures', email: 'client@shots.test', phone: '+33612345678', password: 'Client-shots-password' };
const LANGUAGES = ['fr', 'ar'] as const;
const WIDTHS = [390, 1366] as const;
// A fixed pickup, so the summary reads the same on every run.
const PICKUP = '2030-03-14T10:30';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Lazy images load only once scrolled near: walk down the page, then back up.
  // The page may grow on the way (the home's sections load as they are neared): its height is read at each step.
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < (await height()); y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    // Bounded: an image the browser never fetches must not stall the run.
    const decoded = Promise.all([...document.images].map((image) => (image.complete ? null : image.decode().catch(() => null))));
    await Promise.race([decoded, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  });
}

async function shot(page: Page, outDir: string, name: string): Promise<void> {
  await settle(page);
  await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true, animations: 'disabled', caret: 'hide' });
  console.log(name);
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/sign?lang=fr');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('button', { name: 'Déconnexion' }).waitFor();
}

async function shoot(baseURL: string, outDir: string): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none'] });
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  await context.request.post('/api/auth/register', { data: { ...CUSTOMER, confirmPassword: CUSTOMER.password } });
  const origins = (await (await context.request.get('/api/origin/getAll')).json()) as { data: { id: number; name: string }[] };
  const origin = origins.data[0]!;

  const each = async (name: string, visit: (language: string) => Promise<void>) => {
    for (const language of LANGUAGES) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await visit(language);
        await shot(page, outDir, `${name}-${language}-${width}`);
      }
    }
  };

  await each('home', (language) => page.goto(`/?lang=${language}`).then(() => undefined));
  await each('price-list', (language) => page.goto(`/price-list/${encodeURIComponent(origin.name)}?originId=${origin.id}&lang=${language}`).then(() => undefined));
  const heading = () => page.locator('#root h1').first().waitFor();
  for (const [name, address] of [['book', '/system'], ['fixed-price', '/trajet-fixe-pour-particuliers'], ['pro', '/prof'], ['contact', '/contact'], ['login', '/auth/sign']]) {
    await each(name!, (language) => page.goto(`${address}?lang=${language}`).then(heading));
  }

  // The funnel in French, then each step shown again in every language.
  await logIn(page, CUSTOMER.email, CUSTOMER.password);
  await page.goto('/system?lang=fr');
  const departure = page.getByRole('group', { name: 'Départ', exact: true });
  await departure.getByRole('button', { name: 'Aéroport', exact: true }).click();
  await departure.getByLabel('Départ', { exact: true }).selectOption({ label: "Aéroport Nice Côte d'Azur" });
  const arrival = page.getByRole('group', { name: 'Arrivée', exact: true });
  await arrival.getByRole('combobox', { name: 'Arrivée', exact: true }).fill('Monac');
  await arrival.getByRole('option', { name: 'Monaco', exact: true }).click();
  await page.getByLabel('Date et heure de prise en charge').fill(PICKUP);
  await page.getByRole('button', { name: 'Réserver', exact: true }).click();
  await page.waitForURL('**/summary');
  await each('summary', (language) => page.goto(`/summary?lang=${language}`).then(() => page.locator('.car-card, [role="listitem"]').first().waitFor()));
  await page.goto('/summary?lang=fr');
  await page.getByRole('button', { name: 'Choisir Mercedes Classe V' }).click();
  await page.waitForURL('**/confirmation');
  await each('confirmation', (language) => page.goto(`/confirmation?lang=${language}`).then(() => page.getByRole('heading', { level: 2 }).first().waitFor()));

  await each('account', (language) => page.goto(`/account?lang=${language}`).then(heading));
  await page.getByRole('button', { name: /Déconnexion|تسجيل الخروج/ }).click();
  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await each('admin-cars', (language) => page.goto(`/cars?lang=${language}`).then(() => page.getByRole('table').first().waitFor()));
  await each('admin-pricing', (language) => page.goto(`/pricing?lang=${language}`).then(() => page.getByRole('heading', { level: 1 }).first().waitFor()));
  await browser.close();
}

function compare(beforeDir: string, afterDir: string): void {
  const diffDir = path.join(afterDir, 'diff');
  mkdirSync(diffDir, { recursive: true });
  let changed = 0;
  for (const name of readdirSync(beforeDir).filter((file) => file.endsWith('.png')).sort()) {
    const before = PNG.sync.read(readFileSync(path.join(beforeDir, name)));
    const after = PNG.sync.read(readFileSync(path.join(afterDir, name)));
    if (before.width !== after.width || before.height !== after.height) {
      changed += 1;
      console.log(`${name}: size ${before.width}x${before.height} -> ${after.width}x${after.height}`);
      continue;
    }
    const diff = new PNG({ width: before.width, height: before.height });
    const pixels = pixelmatch(before.data, after.data, diff.data, before.width, before.height, { threshold: 0 });
    if (pixels > 0) {
      changed += 1;
      writeFileSync(path.join(diffDir, name), PNG.sync.write(diff));
    }
    console.log(`${name}: ${pixels} pixels differ`);
  }
  console.log(changed === 0 ? 'No difference.' : `${changed} screenshot(s) differ; see ${diffDir}`);
  process.exitCode = changed === 0 ? 0 : 1;
}

const [command, first, second] = process.argv.slice(2);
if (command === 'shoot' && first && second) await shoot(first, second);
else if (command === 'compare' && first && second) compare(first, second);
else {
  console.error('usage: node scripts/screenshot-pages.ts shoot <base url> <dir> | compare <before dir> <after dir>');
  process.exitCode = 2;
}
