import { expect, test } from '@playwright/test';
import { tripDateTime } from '../support/worker-day';
import { newUser } from '../support/accounts';
import { apiToken, logIn, registerThroughApi } from '../support/auth-steps';

const SHOTS = process.env.PLACES_SHOTS_DIR;

test('steps two and three name a fixed place in the page language, say the distance is an estimate and show whole-euro prices', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser();
  await registerThroughApi(request, user);
  const token = await apiToken(request, user.email, user.password);
  // Booked in Arabic, from the airport picked by its Arabic name.
  const booking = await request.post('/api/user/booking/add', {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'ar' },
    data: {
      origin: { title: 'مطار نيس كوت دازور', type: 'airport' },
      destination: { title: 'موناكو', placeId: 'city-monaco', type: 'address' },
      rentFromType: 'airport',
      rentToType: 'address',
      date: tripDateTime(47, '14:10'),
      passengers: { adults: 2, children: 0, childrenSeat: 0 },
      packages: { under10kg: 1, above10kg: 0, above30kg: 0 },
    },
  });
  expect(booking.status()).toBe(201);
  const { bookingId } = (await booking.json()) as { bookingId: number };

  await logIn(page, user.email, user.password);
  await page.evaluate((id) => window.sessionStorage.setItem('bookingId', String(id)), bookingId);

  const readers = [
    { language: 'fr', airport: "Aéroport Nice Côte d'Azur", monaco: 'Monaco', estimate: 'estimation' },
    { language: 'en', airport: "Nice Côte d'Azur Airport", monaco: 'Monaco', estimate: 'estimate' },
    { language: 'ar', airport: 'مطار نيس كوت دازور', monaco: 'موناكو', estimate: 'تقديرية' },
  ] as const;
  for (const reader of readers) {
    await page.evaluate((language) => window.localStorage.setItem('language', language), reader.language);
    await page.goto('/summary');
    const main = page.getByRole('main');
    await expect(main).toContainText(reader.airport);
    await expect(main).toContainText(reader.monaco);
    await expect(main).toContainText(reader.estimate);
    // Trip prices are whole euros, shown without ",00" / ".00".
    const prices = main.locator('.car-price-amount');
    await expect(prices.first()).toBeVisible();
    for (const text of await prices.allTextContents()) expect(text).not.toMatch(/[,.]00\b/);
    // Nothing wider than a phone; PLACES_SHOTS_DIR keeps screenshots to look at.
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await expect(main).toContainText(reader.airport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/summary-${reader.language}-${width}.png`, fullPage: true });
    }
  }

  // Step three, still in Arabic: the same names, the estimate and a whole-euro price.
  await page.getByRole('button', { name: 'اختيار' }).first().click();
  await expect(page).toHaveURL('/confirmation');
  const main = page.getByRole('main');
  await expect(main).toContainText('مطار نيس كوت دازور');
  await expect(main).toContainText('موناكو');
  await expect(main).toContainText('تقديرية');
  await expect(main.locator('.price-total')).not.toContainText(/[,.]00\b/);
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/confirmation-ar-${width}.png`, fullPage: true });
  }
});
