import { expect, test } from '@playwright/test';
import { dateTimeIn } from './booking-steps';
import { workerDay } from '../support/worker-day';

test('step two holds the footer below the first screen while it loads: nothing jumps when the cars arrive (decision 0115)', async ({ page, request }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const added = await request.post('/api/user/booking/add', {
    data: {
      origin: { title: 'Cannes', placeId: 'city-cannes', type: 'address' },
      destination: { title: 'Nice', placeId: 'city-nice', type: 'address' },
      rentFromType: 'address',
      rentToType: 'address',
      date: dateTimeIn(workerDay(41), '09:30'),
      passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 0, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(added.status()).toBe(201);
  const { bookingId, quoteToken } = (await added.json()) as { bookingId: number; quoteToken: string };
  // The tab as step one leaves it (features/booking/booking-session.ts).
  await page.addInitScript(
    ({ id, token }) => {
      window.sessionStorage.setItem('bookingId', id);
      window.sessionStorage.setItem('quoteToken', JSON.stringify({ bookingId: id, token }));
    },
    { id: String(bookingId), token: quoteToken },
  );
  // Step two's offers are held back until the loading page has been looked at.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/user/booking/step-two/**', async (route) => {
    await released;
    await route.continue();
  });

  await page.goto('/summary');
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  const footer = page.locator('footer.site-footer');
  expect((await footer.boundingBox())!.y).toBeGreaterThanOrEqual(823);

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Choisissez votre véhicule' })).toBeVisible({ timeout: 20_000 });
  expect((await footer.boundingBox())!.y).toBeGreaterThanOrEqual(823);
});
