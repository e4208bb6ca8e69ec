import type { PublicUser, UpdatePasswordBody } from '@vtc/shared/auth/auth-schemas';
import type { ProfileUpdateBody } from '@vtc/shared/auth/profile-schemas';
import type { Db } from '../../platform/db/client.ts';
import { AppError, notFound } from '../../platform/lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../platform/lib/passwords.ts';
import { isPgError, UNIQUE_VIOLATION } from '../../platform/lib/pg-errors.ts';
import { issueEmailVerification, type VerificationDeps } from '../auth/email-verification.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.ts';
import { assertTextConsentNumber, recordTextConsent } from '../texts/account-texts.ts';
import { findUserWithMembership } from '../companies/companies-repository.ts';
import { bumpTokenVersion, findUserByEmail, findUserById, normalizeEmail, toPublicUser, updateUser } from '../users/users-repository.ts';

const emailTaken = () => new AppError(409, 'email_taken', {}, [{ path: 'email', message: 'email_taken' }]);

/** The signed-in user, as the profile page shows it, with the company account they book for. */
export async function getProfile(db: Db, userId: number): Promise<PublicUser> {
  const row = await findUserWithMembership(db, userId);
  // A deleted account's access token lives on for minutes: it reaches nothing (decision 0090).
  if (!row || row.user.deletedAt) throw notFound();
  const { user, company: member, role } = row;
  const company = member?.status === 'active' && role ? { id: member.id, legalName: member.legalName, role } : null;
  return { ...toPublicUser(user), company };
}

/**
 * Changes name, e-mail and phone, and the consent to texts when given; the address must be nobody
 * else's. A new address is unverified until the link mailed to it is followed; mail with booking
 * details waits until then (decision 0053). Texts are agreed to only for a number that can receive
 * them (400 sms_phone_cannot_receive on smsConsent, decision 0130).
 */
export async function updateProfile(
  deps: { db: Db } & VerificationDeps,
  userId: number,
  body: ProfileUpdateBody,
): Promise<PublicUser> {
  assertTextConsentNumber(body.smsConsent, body.phone);
  const other = await findUserByEmail(deps.db, body.email);
  if (other && other.id !== userId) throw emailTaken();
  const user = await deps.db
    .transaction(async (tx) => {
      const current = await findUserById(tx, userId);
      if (!current || current.deletedAt) return undefined;
      const changed = normalizeEmail(body.email) !== current.email;
      const updated = await updateUser(tx, userId, {
        fullName: body.fullName,
        email: body.email,
        phone: body.phone,
        ...(changed && { emailVerifiedAt: null }),
        // Missing leaves the company details as they are; null removes them (decision 0134).
        ...(body.billing !== undefined && {
          billing: body.billing && {
            companyName: body.billing.companyName,
            address: body.billing.address,
            siren: body.billing.siren ?? null,
            vatNumber: body.billing.vatNumber ?? null,
          },
        }),
      });
      if (updated && changed) await issueEmailVerification(tx, deps, updated);
      if (!updated || body.smsConsent === undefined) return updated;
      await recordTextConsent(tx, userId, body.smsConsent);
      return findUserById(tx, userId);
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update.
      if (isPgError(error, UNIQUE_VIOLATION)) throw emailTaken();
      throw error;
    });
  if (!user) throw notFound();
  return toPublicUser(user);
}

/**
 * Changes the password, knowing the current one. Sessions opened elsewhere with the old password
 * end; the session `keepSessionId` (the one asking) goes on. Every access token issued before is
 * refused: the asking session gets a new one through its refresh token (decision 0106).
 */
export async function changePassword(db: Db, userId: number, keepSessionId: string | undefined, body: UpdatePasswordBody): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) throw notFound();
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    throw new AppError(400, 'wrong_password', {}, [{ path: 'password', message: 'wrong_password' }]);
  }
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await bumpTokenVersion(tx, userId);
    await revokeAllForUser(tx, userId, keepSessionId);
  });
}
