import { expect, test, type APIRequestContext } from '@playwright/test';
import { tripDateTime } from '../support/worker-day';
import { waitForApp } from '../support/page-ready';
import { newUser } from '../support/accounts';
import { apiToken, logIn, registerThroughApi } from '../support/auth-steps';

/** A customer with a booking taken to step three (Mercedes Classe V) through the API. */
async function bookingAtStepThree(request: APIRequestContext, user: ReturnType<typeof newUser>, pickup: string) {
  await registerThroughApi(request, user);
  const headers = { Authorization: `Bearer ${await apiToken(request, user.email, user.password)}` };
  const added = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: { title: 'Cannes', placeId: 'city-cannes', type: 'address' },
      stop: JSON.stringify([{ title: 'Antibes', type: 'address' }]),
      destination: { title: 'Nice', placeId: 'city-nice', type: 'address' },
      rentFromType: 'address',
      rentToType: 'address',
      date: pickup,
      passengers: JSON.stringify({ adults: 3, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 2, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(added.status()).toBe(201);
  const id = ((await added.json()) as { bookingId: number }).bookingId;
  const offers = await request.get(`/api/user/booking/step-two/${id}`, { headers });
  const vclass = ((await offers.json()) as { cars: { id: number; name: string; price_cents: number; deposit_cents: number }[] }).cars.find(
    (car) => car.name === 'Mercedes Classe V',
  )!;
  expect((await request.put(`/api/user/booking/update-car/${id}/${vclass.id}`, { headers, data: { bookingId: id, carId: vclass.id } })).status()).toBe(200);
  return { id, headers, vclass };
}

/** "245 €" or "245,60 €" as the page writes a price (whole euros without cents), whatever spaces it uses. */
const euros = (cents: number, keepCents = false) =>
  new RegExp(`${(cents / 100).toFixed(cents % 100 === 0 && !keepCents ? 0 : 2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '\\s')}\\s€`);

test('after confirming, the success page shows the booking number and its recap, also after a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const user = newUser();
  const { id, vclass } = await bookingAtStepThree(request, user, tripDateTime(61, '14:00'));
  await logIn(page, user.email, user.password);
  await page.evaluate((bookingId) => window.sessionStorage.setItem('bookingId', String(bookingId)), id);
  await page.goto('/confirmation');
  await page.getByRole('button', { name: /^Espèces/ }).click();
  await page.getByRole('button', { name: 'Confirmer la réservation' }).click();

  await expect(page).toHaveURL(`/success?id=${id}`);
  const check = async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Merci, votre demande est envoyée !' })).toBeVisible();
    await expect(page.getByText(`Réservation n° ${id}`)).toBeVisible();
    const recap = page.getByRole('region', { name: 'Récapitulatif' });
    await expect(recap.getByRole('listitem')).toHaveText([/Cannes/, /Antibes/, /Nice/]);
    await expect(recap).toContainText('3 adultes');
    await expect(recap.getByRole('definition').filter({ hasText: 'Mercedes Classe V' })).toBeVisible();
    const facts = recap.locator('.booking-recap-facts');
    await expect(facts.locator('.trip-fact').filter({ hasText: 'Prix total' })).toContainText(euros(vclass.price_cents));
    await expect(facts.locator('.trip-fact').filter({ hasText: 'Acompte' })).toContainText(euros(vclass.deposit_cents, true));
    await expect(facts).toContainText('En attente de la réponse de la société');
    await expect(page.getByRole('heading', { name: 'Et ensuite ?' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voir ma réservation' })).toHaveAttribute('href', `/account/bookings/${id}`);
  };
  await check();
  await page.reload();
  await check();

  // The deposit's return page recaps the same booking.
  await page.goto(`/pay-success?id=${id}`);
  await expect(page.getByText(`Réservation n° ${id}`)).toBeVisible();
});

test('a wrong or someone else’s booking number shows a translated not-found message, not a crash', async ({ page, request }) => {
  test.setTimeout(90_000);
  const owner = newUser();
  const { id } = await bookingAtStepThree(request, owner, tripDateTime(62, '15:00'));
  const stranger = newUser();
  await registerThroughApi(request, stranger);
  await logIn(page, stranger.email, stranger.password);

  for (const url of ['/success?id=2147483000', `/success?id=${id}`, `/pay-success?id=${id}`]) {
    await page.goto(url);
    // A first visit loads the page's code: under load that may take a while.
    await expect(page.getByText('Cette réservation est introuvable.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`Réservation n° ${id}`)).toHaveCount(0);
  }
  // Not a number: the page keeps its plain thanks.
  await page.goto('/success?id=abc');
  await expect(page.getByRole('heading', { level: 1, name: 'Merci, votre demande est envoyée !' })).toBeVisible();
  await expect(page.getByText("Dès que nous l'acceptons, vous recevez un lien pour régler l'acompte.")).toBeVisible();

  await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: 'العربية' }).click();
  // The switch's page is up, session restored, before the next address: a load cut short while
  // it renews the session would leave the browser without its new refresh cookie.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);
  await waitForApp(page);
  await page.goto(`/success?id=${id}`);
  await expect(page.getByText('هذا الحجز غير موجود.')).toBeVisible();
});
