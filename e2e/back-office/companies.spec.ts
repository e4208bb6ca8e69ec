import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { findMailLink, readMails, verificationLink } from '../booking/mail-box';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../support/accounts';
import { logIn } from '../support/auth-steps';
import { expectToast, row } from './back-office-steps';

// The owner answers business account requests in "Clients pro"; the requester opens the account (decision 0134).
test.describe.configure({ timeout: 90_000 });

/** A visitor's request, as the form on /prof sends it. */
async function requestAccount(request: APIRequestContext, legalName: string, email: string) {
  const response = await request.post('/api/company/request', {
    data: { legalName, siren: '542 051 180', vatNumber: 'FR59542051180', address: '3 rue de France, 06000 Nice', fullName: 'Paul Durand', email, phone: '+33612345678' },
  });
  expect(response.status()).toBe(201);
}

test('the owner approves a request in “Clients pro”; the requester creates the account by the mailed link and invites a colleague', async ({ page, browser, request }) => {
  const token = randomUUID().slice(0, 8);
  const legalName = `Conciergerie Azur ${token}`;
  const email = `paul-${token}@e2e.test`;
  await requestAccount(request, legalName, email);

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: "Menu d'administration" }).getByRole('link', { name: 'Clients pro', exact: true }).click();
  await expect(page).toHaveURL('/companies');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients pro' })).toBeVisible();

  const requests = page.getByRole('region', { name: /en attente/ });
  const card = requests.getByRole('listitem', { name: legalName });
  await expect(card).toContainText('SIREN 542 051 180');
  await expect(card).toContainText('FR 59 542051180');
  await expect(card).toContainText(email);
  await expect(row(page, legalName)).toContainText('Demande');

  await card.getByRole('button', { name: 'Accepter' }).click();
  await expectToast(page, 'Compte ouvert : le demandeur a été prévenu par e-mail');
  await expect(card).toHaveCount(0);
  await expect(row(page, legalName)).toContainText('Actif');
  await expect(row(page, legalName).getByRole('button', { name: `Membres de ${legalName}` })).toHaveText('0 membre');

  // The approval mail asks the requester to create their account with that address.
  await expect.poll(() => findMailLink(/https?:\/\/[^\s/]+\/auth\/register\?email=[^\s>"]+/, email), { timeout: 20_000 }).not.toBeNull();
  const approval = readMails().find((mail) => mail.to.includes(email) && mail.subject.includes('est ouvert'));
  expect(approval?.subject).toBe(`Votre compte professionnel ${legalName} est ouvert`);

  const requester = await (await browser.newContext()).newPage();
  await requester.goto(findMailLink(/https?:\/\/[^\s/]+\/auth\/register\?email=[^\s>"]+/, email)!);
  await expect(requester.getByLabel('E-mail')).toHaveValue(email);
  await requester.getByLabel('Nom complet').fill('Paul Durand');
  await requester.getByLabel('Téléphone').fill('612345678');
  await requester.getByLabel('Mot de passe', { exact: true }).fill('Paul-e2e-password');
  await requester.getByLabel('Confirmer le mot de passe').fill('Paul-e2e-password');
  await requester.getByLabel("J'ai lu et j'accepte les conditions générales de vente et la politique de confidentialité").check();
  await requester.getByRole('button', { name: 'Créer mon compte' }).click();
  await expect(requester.getByRole('button', { name: 'Déconnexion' })).toBeVisible();

  // Confirming the address makes them the company's admin.
  await expect.poll(() => verificationLink(email), { timeout: 20_000 }).not.toBeNull();
  await requester.goto(verificationLink(email)!);
  await expect(requester.getByRole('heading', { level: 1, name: 'Adresse confirmée' })).toBeVisible();
  await requester.goto('/account');
  await requester.getByRole('link', { name: 'Ouvrir « Mon entreprise »' }).click();
  await expect(requester).toHaveURL('/account/company');
  await expect(requester.getByRole('heading', { level: 1, name: legalName })).toBeVisible();
  await expect(requester.getByRole('row', { name: /Paul Durand/ })).toContainText('Administrateur');

  const colleague = `lea-${token}@e2e.test`;
  const invite = requester.getByRole('form', { name: 'Inviter un membre' });
  await invite.getByLabel('E-mail').fill(colleague);
  await invite.getByLabel('Rôle').selectOption('booker');
  await invite.getByRole('button', { name: 'Inviter' }).click();
  await expect(requester.locator('.Toastify').getByRole('alert').filter({ hasText: `Invitation envoyée à ${colleague}` })).toBeVisible();
  await expect(requester.getByRole('region', { name: 'Invitations en attente' })).toContainText(colleague);
  await expect
    .poll(() => readMails().find((mail) => mail.to.includes(colleague))?.text, { timeout: 20_000 })
    .toContain(`Vous êtes invité(e) à réserver des trajets pour ${legalName}`);
  await requester.context().close();

  // The owner sees the new admin in the company's members.
  await page.reload();
  await row(page, legalName).getByRole('button', { name: `Membres de ${legalName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Membres de ${legalName}` });
  await expect(dialog).toContainText('Paul Durand');
  await expect(dialog).toContainText(colleague);
});

test('the owner refuses a request with a reason; the requester is mailed it', async ({ page, request }) => {
  const token = randomUUID().slice(0, 8);
  const legalName = `Agence Refusée ${token}`;
  const email = `refus-${token}@e2e.test`;
  await requestAccount(request, legalName, email);

  await logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto('/companies');
  const card = page.getByRole('region', { name: /en attente/ }).getByRole('listitem', { name: legalName });
  await card.getByRole('button', { name: 'Refuser' }).click();
  const dialog = page.getByRole('dialog', { name: `Refuser la demande de ${legalName}` });
  await dialog.getByLabel('Motif (envoyé au demandeur, facultatif)').fill('Nous ne couvrons pas votre secteur.');
  await dialog.getByRole('button', { name: 'Refuser' }).click();
  await expectToast(page, 'Demande refusée : le demandeur a été prévenu par e-mail');
  await expect(row(page, legalName)).toContainText('Refusé');
  await expect
    .poll(() => readMails().find((mail) => mail.to.includes(email) && mail.subject === 'Votre demande de compte professionnel')?.text, { timeout: 20_000 })
    .toContain('Motif : Nous ne couvrons pas votre secteur.');
});
