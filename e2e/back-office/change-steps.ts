import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { verificationLink } from '../booking/mail-box';
import { receivedMails } from '../support/smtp-sink';
import { createPendingBooking, registerCustomer, row } from './back-office-steps';

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
