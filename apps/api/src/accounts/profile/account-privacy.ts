import type { DeleteAccountBody } from '@vtc/shared/auth/auth-schemas';
import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { bookings, bookingStatusHistory, bookingStops, contactMessages, emailVerifications, feedback, mailOutbox, passwordResets, payments, refreshTokens, signInLinks, users } from '../../platform/db/schema.ts';
import { AppError, notFound } from '../../platform/lib/app-error.ts';
import { verifyPassword } from '../../platform/lib/passwords.ts';
import { deleteInvitationsFor, deleteMembershipsOf } from '../companies/companies-repository.ts';
import { findUserById } from '../users/users-repository.ts';

/** Statuses in which a trip is still to be driven: the account cannot go while one is to come. */
const LIVE_STATUSES = ['pending', 'accepted', 'paid'] as const;

/**
 * Everything the service keeps about the signed-in person (GDPR art. 15 and 20): the account,
 * every booking with its stops, history, payments and rating (decision 0146), and the messages sent from the contact
 * form with the account's address. Internal secrets (password hash, token hashes) are left out.
 */
export async function exportAccountData(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) throw notFound();
  const ownBookings = await db.select().from(bookings).where(eq(bookings.userId, userId)).orderBy(asc(bookings.id));
  const ids = ownBookings.map((booking) => booking.id);
  const [stops, history, paid, ratings, messages] = ids.length
    ? await Promise.all([
        db.select().from(bookingStops).where(inArray(bookingStops.bookingId, ids)).orderBy(asc(bookingStops.position)),
        db.select().from(bookingStatusHistory).where(inArray(bookingStatusHistory.bookingId, ids)).orderBy(asc(bookingStatusHistory.id)),
        db.select().from(payments).where(inArray(payments.bookingId, ids)).orderBy(asc(payments.id)),
        db.select().from(feedback).where(inArray(feedback.bookingId, ids)),
        messagesOf(db, user.email),
      ])
    : [[], [], [], [], await messagesOf(db, user.email)];
  return {
    exportedAt: new Date().toISOString(),
    account: {
      id: user.id,
      fullName: user.fullName,
      email: user.email,
      phone: user.phone,
      language: user.language,
      role: user.role,
      emailVerifiedAt: user.emailVerifiedAt,
      smsConsentAt: user.smsConsentAt,
      termsVersion: user.termsVersion,
      termsAcceptedAt: user.termsAcceptedAt,
      billing: user.billing,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    bookings: ownBookings.map(({ userId: _owner, ...booking }) => ({
      ...booking,
      stops: stops.filter((stop) => stop.bookingId === booking.id).map(({ place, position }) => ({ position, place })),
      history: history
        .filter((row) => row.bookingId === booking.id)
        .map(({ fromStatus, toStatus, actorKind, reason, createdAt }) => ({ fromStatus, toStatus, actorKind, reason, createdAt })),
      payments: paid
        .filter((row) => row.bookingId === booking.id)
        .map(({ method, amountCents, currency, status, createdAt, paidAt }) => ({ method, amountCents, currency, status, createdAt, paidAt })),
      rating:
        ratings
          .filter((row) => row.bookingId === booking.id)
          .map(({ rating, comment, createdAt, answer, answeredAt }) => ({ rating, comment, createdAt, answer, answeredAt }))[0] ?? null,
    })),
    messages: messages.map(({ firstName, lastName, email, phone, message, language, createdAt }) => ({
      firstName,
      lastName,
      email,
      phone,
      message,
      language,
      createdAt,
    })),
  };
}

function messagesOf(db: Db, email: string) {
  return db.select().from(contactMessages).where(eq(contactMessages.email, email)).orderBy(asc(contactMessages.id));
}

/**
 * Deletes the signed-in person's account (GDPR art. 17), knowing the password (decision 0090).
 * Bookings and the documents issued for them are kept as accounting law requires, but nothing in
 * them names the person any more; the account row stays, emptied, so that they keep their owner
 * key. Every session ends, mail not yet sent to the person is dropped, and the address is free to
 * register again. Refused while a trip is still to come: the customer cancels it first, under the
 * cancellation policy, so that no chauffeur drives to a person who no longer exists here.
 */
export async function deleteAccount(db: Db, userId: number, body: DeleteAccountBody): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user || user.deletedAt) throw notFound();
  if (user.role === 'admin') throw new AppError(409, 'admin_account_not_deletable');
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    throw new AppError(400, 'wrong_password', {}, [{ path: 'password', message: 'wrong_password' }]);
  }
  await db.transaction(async (tx) => {
    // Lock the account so that a booking confirmed at the same moment waits for the answer.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const now = new Date();
    const live = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.userId, userId),
          inArray(bookings.status, [...LIVE_STATUSES]),
          or(gt(bookings.pickupAt, now), gt(bookings.returnAt, now)),
        ),
      );
    if (live.length > 0) throw new AppError(409, 'account_has_upcoming_trips', { count: live.length });

    // Drafts nobody confirmed are not records the law asks to keep.
    await tx.delete(bookings).where(and(eq(bookings.userId, userId), eq(bookings.status, 'draft')));
    await tx
      .update(bookings)
      .set({
        fullName: null,
        email: null,
        phone: null,
        customerState: null,
        message: null,
        address: null,
        city: null,
        flightNumber: null,
        trainNumber: null,
        arriveFrom: null,
        returnAddress: null,
        returnCity: null,
        returnArriveFrom: null,
        returnFlightNumber: null,
        returnTrainNumber: null,
        updatedAt: now,
      })
      .where(eq(bookings.userId, userId));
    // The stars stay in the chauffeurs' figures; the words, which may name the person, go (decision 0146).
    await tx
      .update(feedback)
      .set({ comment: null, answer: null })
      .where(inArray(feedback.bookingId, tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId))));
    await tx.delete(contactMessages).where(eq(contactMessages.email, user.email));
    await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.recipientUserId, userId), inArray(mailOutbox.status, ['pending', 'held', 'failed', 'skipped'])));
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.toAddress, user.email), isNull(mailOutbox.sentAt), inArray(mailOutbox.status, ['pending', 'held', 'failed'])));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(signInLinks).where(eq(signInLinks.userId, userId));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
    // The account no longer books for a company (decision 0134); the company's bookings stay its own.
    await deleteMembershipsOf(tx, userId);
    await deleteInvitationsFor(tx, user.email);
    await tx
      .update(users)
      .set({
        email: sql`'deleted-' || ${users.id} || '@deleted.invalid'`,
        fullName: '',
        phone: '',
        smsConsentAt: null,
        // Not a hash any password verifies: the account can never be signed into again.
        passwordHash: '!deleted',
        // Every access token still within its minutes is refused from now on (decision 0106).
        tokenVersion: sql`${users.tokenVersion} + 1`,
        emailVerifiedAt: null,
        billing: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  });
}
