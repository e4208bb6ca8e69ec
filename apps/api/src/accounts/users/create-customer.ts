import { randomUUID } from 'node:crypto';
import { noEmailAddress } from '@vtc/shared/auth/no-email-address';
import type { Language } from '@vtc/shared/i18n/languages';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/lib/app-error.ts';
import { hashPassword } from '../../platform/lib/passwords.ts';
import { createOpaqueToken } from '../../platform/lib/random-token.ts';
import { insertUser, type UserRow } from './users-repository.ts';

export type NewCustomer = { fullName: string; phone: string; email?: string | undefined; language: Language };

/** A password nobody knows: the owner gets in by a mailed link (reset or sign-in), never by a guess. */
export function unknownPasswordHash(): Promise<string> {
  return hashPassword(createOpaqueToken().token);
}

/**
 * A customer the company registers (a booking by phone, decision 0119), in the caller's
 * transaction: no password anyone knows, the address unverified and nothing mailed to it; without
 * an e-mail, an undeliverable one of its own. 409 email_taken when an account has that e-mail.
 */
export async function createCustomerAccount(tx: DbOrTx, customer: NewCustomer, passwordHash: string): Promise<UserRow> {
  const created = await insertUser(tx, {
    email: customer.email ?? noEmailAddress(randomUUID()),
    passwordHash,
    fullName: customer.fullName,
    phone: customer.phone,
    language: customer.language,
  });
  if (!created) throw new AppError(409, 'email_taken', {}, [{ path: 'email', message: 'email_taken' }]);
  return created;
}
