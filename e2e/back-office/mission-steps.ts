import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { receivedMails } from '../support/smtp-sink';
import { tripDateTime } from '../support/worker-day';
import { registerCustomer } from './back-office-steps';

/**
 * A paid booking (cash deposit received) of car 1, Cannes → Nice, `daysAhead` days ahead: each
 * spec gives a day no other spec books (car 1 holds one trip at a time), moved per worker, retry and
 * repeat (tripDateTime, decision 0110).
 */
export async function paidBooking(request: APIRequestContext, admin: { Authorization: string }, daysAhead: number) {
  const customer = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${customer.token}` };
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: 'Cannes',
      destination: 'Nice',
      date: tripDateTime(daysAhead, '10:00'),
      passengers: JSON.stringify({ adults: 2, children: 1, childrenSeat: 1 }),
      packages: JSON.stringify({ under10kg: 1, above10kg: 1, above30kg: 0 }),
    },
  });
  const { bookingId } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${bookingId}/1`, { headers, data: { bookingId, carId: 1 } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${bookingId}`, {
    headers,
    data: {
      bookingId,
      fullName: 'Camille Martin',
      email: customer.email,
      phone: '+33612345678',
      method: 'cash',
      address: '12 boulevard de la Croisette',
      city: 'Cannes',
      flightNumber: 'AF7700',
      message: 'Un siège enfant, merci',
    },
  });
  expect(confirmed.ok()).toBe(true);
  expect((await request.put(`/api/booking/accept/${bookingId}`, { headers: admin, data: {} })).ok()).toBe(true);
  expect((await request.put(`/api/booking/deposit-received/${bookingId}`, { headers: admin })).ok()).toBe(true);
  return bookingId;
}

/** A chauffeur added through the API, for `name` (a unique name: its e-mail is made from it); their id. */
export async function addDriver(request: APIRequestContext, admin: { Authorization: string }, name: string): Promise<number> {
  const driver = await request.post('/api/driver/add', {
    headers: admin,
    data: { fullName: name, phone: '+33698765432', email: `${name.replaceAll(' ', '-').toLowerCase()}@e2e.test`, languages: ['fr'] },
  });
  expect(driver.status(), await driver.text()).toBe(201);
  return ((await driver.json()) as { data: { id: number } }).data.id;
}

/**
 * The mission link mailed to a chauffeur for this booking, as a path; with `except`, another one
 * than that (a new chauffeur's). `mails`: where to read them (a clock server's own, say).
 */
export async function missionLink(bookingId: number, except?: string, mails: () => string[] = receivedMails): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      const links = mails().flatMap((text) => /\/mission\?id=\d+&token=[\w%-]+/.exec(text)?.[0] ?? []);
      link = links.find((found) => found.startsWith(`/mission?id=${bookingId}&`) && found !== except) ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

/**
 * The page does not scroll sideways once laid out: polled for a few seconds, as a page still
 * loading its data may be wider for a frame; a failure names the elements that stick out.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      const past = document.documentElement.scrollWidth - width;
      if (past <= 0) return '';
      const wide = Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')} (right ${Math.round(element.getBoundingClientRect().right)})`);
      return `${past} px past ${width}: ${wide.join(', ')}`;
    });
  await expect.poll(overflow, { timeout: 5_000 }).toBe('');
}
