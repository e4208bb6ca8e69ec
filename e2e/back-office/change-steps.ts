import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { verificationLink } from '../booking/mail-box';
import { receivedMails } from '../support/smtp-sink';
import { adminToken, createPendingBooking, registerCustomer, row } from './back-office-steps';

/** Changes of a booking (decision 0120): the steps the drawer's and the customer's specs share. */

export const CUSTOMER_PASSWORD = 'Client-e2e-password';

/** A verified customer's booking (Cannes → Nice, cash), accepted and its deposit received: paid. */
export async function paidBooking(request: APIRequestContext, admin: { Authorization: string }, daysAhead: number): Promise<{ id: number; email: string }> {
  const customer = await registerCustomer(request);
  // The booking mails reach a confirmed address only.
  await expect.poll(() => verificationLink(customer.email), { timeout: 20_000 }).not.toBeNull();
  const verification = new URL(verificationLink(customer.email)!, 'http://localhost').searchParams.get('token');
  expect((await request.post('/api/auth/verifyEmail', { data: { token: verification } })).ok()).toBe(true);
  const id = await createPendingBooking(request, customer, daysAhead);
  expect((await request.put(`/api/booking/accept/${id}`, { headers: admin, data: {} })).ok()).toBe(true);
  expect((await request.put(`/api/booking/deposit-received/${id}`, { headers: admin })).ok()).toBe(true);
  return { id, email: customer.email };
}

/**
 * A new customer's round trip, Nice to the airport at `outbound` and back from it at `back` on
 * `flightNumber`, confirmed in cash; accepted by the company unless `accept` is false.
 */
export async function roundTrip(
  request: APIRequestContext,
  trip: { outbound: string; back: string; flightNumber: string; accept?: boolean },
): Promise<{ id: number; customer: { email: string; token: string } }> {
  const customer = await registerCustomer(request);
  const headers = { Authorization: `Bearer ${customer.token}` };
  const created = await request.post('/api/user/booking/add', {
    headers,
    data: {
      origin: { title: 'Nice', placeId: 'city-nice', type: 'address' },
      destination: { title: 'Aéroport Nice Côte d’Azur', placeId: 'airport-nice-cote-d-azur', type: 'airport' },
      rentFromType: 'address',
      rentToType: 'airport',
      date: trip.outbound,
      passengers: JSON.stringify({ adults: 1, children: 0, childrenSeat: 0 }),
      packages: JSON.stringify({ under10kg: 1, above10kg: 0, above30kg: 0 }),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { bookingId: id } = (await created.json()) as { bookingId: number };
  expect((await request.put(`/api/user/booking/update-car/${id}/1`, { headers, data: { bookingId: id, carId: 1 } })).ok()).toBe(true);
  const confirmed = await request.put(`/api/user/booking/update-booking-info/${id}`, {
    headers,
    data: { bookingId: id, fullName: 'Client Retour', email: customer.email, phone: '+33612345678', method: 'cash', returnRent: true, date: trip.back, returnFlightNumber: trip.flightNumber },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  if (trip.accept !== false) {
    const accepted = await request.put(`/api/booking/accept/${id}`, { headers: { Authorization: `Bearer ${await adminToken(request)}` }, data: {} });
    expect(accepted.ok(), await accepted.text()).toBe(true);
  }
  return { id, customer };
}

/** The customer's mail about this booking holding `text`, once the worker has sent it (text and calendar decoded). */
export async function changedMail(id: number, text = 'Voici ce qui change'): Promise<string> {
  let mail = '';
  await expect
    .poll(() => {
      mail = receivedMails().find((mailText) => mailText.includes(text) && new RegExp(`Réservation n°${id}\\r?\\n`).test(mailText)) ?? '';
      return mail;
    }, { timeout: 20_000 })
    .not.toBe('');
  return mail;
}

/** The drawer of one booking, found by its number in the bookings list. */
export async function openDrawer(page: Page, id: number, drawerName: string) {
  await page.goto(`/bookings?q=${encodeURIComponent(`#${id}`)}`);
  await row(page, `#${id}`).getByRole('button').first().click();
  const drawer = page.getByRole('dialog', { name: drawerName });
  await expect(drawer).toBeVisible();
  return drawer;
}
