/**
 * A customer the company registers by phone may have no e-mail (decision 0119). The account then
 * holds an address of the reserved `.invalid` domain (RFC 2606), unique and undeliverable: it is
 * never verified, so nothing is ever mailed to it, and screens show no address instead.
 */
export const NO_EMAIL_DOMAIN = 'no-email.invalid';

export function noEmailAddress(unique: string): string {
  return `customer-${unique}@${NO_EMAIL_DOMAIN}`;
}

export function isNoEmailAddress(email: string): boolean {
  return email.endsWith(`@${NO_EMAIL_DOMAIN}`);
}
