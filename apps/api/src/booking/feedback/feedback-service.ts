import { and, desc, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FeedbackItem, FeedbackState } from '@vtc/shared/feedback/feedback-responses';
import type { FeedbackBody, FeedbackListQuery } from '@vtc/shared/feedback/feedback-schemas';
import { placeTitle } from '@vtc/shared/places/fixed-places';
import { parisMonthStart } from '@vtc/shared/time/paris-time';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { bookings, drivers, feedback, users } from '../../platform/db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/lib/app-error.ts';
import { findBooking, findChauffeur, lockBooking, type BookingWithStops } from '../bookings-repository.ts';
import { firstName } from '../mails/booking-texts.ts';
import { feedbackAnswerMail } from './feedback-mail.ts';
import { isFeedbackTokenValid } from './feedback-links.ts';
import { feedbackRecipient, queueFeedbackMail, type FeedbackMailConfig } from './feedback-recipients.ts';
import { ADMIN_ACCESS } from '../booking-access.ts';

type PublicConfig = Pick<Config, 'JWT_SECRET' | 'REVIEWS_URL' | 'FEEDBACK_REVIEWS_MIN_RATING'>;

/** The reviews page is offered after a rating at least FEEDBACK_REVIEWS_MIN_RATING, when REVIEWS_URL is set. */
const reviewsUrlFor = (config: PublicConfig, rating: number | null) =>
  config.REVIEWS_URL !== undefined && rating !== null && rating >= config.FEEDBACK_REVIEWS_MIN_RATING ? config.REVIEWS_URL : null;

/**
 * The trip behind a rating link, or the refusal: a token that is not this trip's feedback
 * signature (tampered, another trip's, the tracking link's) 401 feedback_link_invalid; no such
 * trip 404 feedback_not_found; a trip not completed 409 feedback_not_due.
 */
async function ratedTrip(db: DbOrTx, config: PublicConfig, id: number, token: string, lock = false): Promise<BookingWithStops> {
  if (!isFeedbackTokenValid(config, id, token)) throw new AppError(401, 'feedback_link_invalid');
  const booking = lock ? await lockBooking(db, id, ADMIN_ACCESS) : await findBooking(db, id, ADMIN_ACCESS);
  if (!booking) throw notFound('feedback_not_found');
  if (booking.status !== 'completed') throw conflict('feedback_not_due');
  return booking;
}

/** `GET /api/feedback/{id}?token=`: the trip the page asks about, and its rating if already given. */
export async function getFeedbackState(db: Db, config: PublicConfig, id: number, token: string, language: 'fr' | 'en' | 'ar'): Promise<FeedbackState> {
  const booking = await ratedTrip(db, config, id, token);
  const [rated] = await db.select({ rating: feedback.rating }).from(feedback).where(eq(feedback.bookingId, id));
  const driver = await findChauffeur(db, booking.driverId);
  const rating = rated?.rating ?? null;
  return {
    id,
    pickupAt: booking.pickupAt.toISOString(),
    origin: placeTitle(booking.origin, language),
    destination: placeTitle(booking.destination, language),
    driverFirstName: driver ? firstName(driver.fullName) : null,
    rating,
    reviewsUrl: reviewsUrlFor(config, rating),
    reviewsMinRating: config.FEEDBACK_REVIEWS_MIN_RATING,
  };
}

/**
 * `POST /api/feedback/{id}`: the rating, saved once (the unique booking id decides between
 * concurrent sends: one row, the others 409 feedback_already_received), with the trip's chauffeur
 * of now. Answers the reviews page when the stars are high enough.
 */
export async function submitFeedback(db: Db, config: PublicConfig, id: number, body: FeedbackBody): Promise<{ rating: number; reviewsUrl: string | null }> {
  const booking = await ratedTrip(db, config, id, body.token);
  const rows = await db
    .insert(feedback)
    .values({ bookingId: id, rating: body.rating, comment: body.comment ?? null, driverId: booking.driverId })
    .onConflictDoNothing({ target: feedback.bookingId })
    .returning({ id: feedback.id });
  if (rows.length === 0) throw conflict('feedback_already_received');
  return { rating: body.rating, reviewsUrl: reviewsUrlFor(config, body.rating) };
}

const itemColumns = {
  id: feedback.id,
  bookingId: feedback.bookingId,
  rating: feedback.rating,
  comment: feedback.comment,
  driverId: feedback.driverId,
  driverName: drivers.fullName,
  bookingName: bookings.fullName,
  passenger: bookings.passenger,
  accountName: users.fullName,
  pickupAt: bookings.pickupAt,
  createdAt: feedback.createdAt,
  answer: feedback.answer,
  answeredAt: feedback.answeredAt,
};

type ItemRow = { [K in keyof typeof itemColumns]: (typeof itemColumns)[K]['_']['data'] | null };

const toItem = (row: ItemRow): FeedbackItem => ({
  id: row.id!,
  bookingId: row.bookingId!,
  rating: row.rating!,
  comment: row.comment,
  customerName: row.passenger?.fullName ?? row.bookingName ?? row.accountName ?? '',
  driverId: row.driverId,
  driverName: row.driverName,
  pickupAt: row.pickupAt!.toISOString(),
  createdAt: row.createdAt!.toISOString(),
  answer: row.answer,
  answeredAt: row.answeredAt?.toISOString() ?? null,
});

function selectItems(db: DbOrTx) {
  return db
    .select(itemColumns)
    .from(feedback)
    .innerJoin(bookings, eq(bookings.id, feedback.bookingId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(drivers, eq(drivers.id, feedback.driverId));
}

const LIST_LIMIT = 200;

/** `GET /api/feedback/getAll` (admin): the newest ratings first, filtered by chauffeur, trip month, stars at most, unanswered. */
export async function listFeedback(db: Db, query: FeedbackListQuery): Promise<FeedbackItem[]> {
  const month = query.month ? { year: Number(query.month.slice(0, 4)), month: Number(query.month.slice(5, 7)), day: 1 } : null;
  const rows = await selectItems(db)
    .where(
      and(
        query.driverId === undefined ? undefined : eq(feedback.driverId, query.driverId),
        month ? gte(bookings.pickupAt, parisMonthStart(month)) : undefined,
        month ? lt(bookings.pickupAt, parisMonthStart(month, 1)) : undefined,
        query.maxRating === undefined ? undefined : lte(feedback.rating, query.maxRating),
        query.unanswered ? isNull(feedback.answeredAt) : undefined,
      ),
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(LIST_LIMIT);
  return rows.map(toItem);
}

/**
 * `PUT /api/feedback/answer/{id}` (admin): the company's answer, saved and mailed to whoever was
 * asked for the rating, in their language. Answering again replaces the answer and mails the new
 * one (each answer once: its mail is keyed by the answer's time).
 */
export async function answerFeedback(db: Db, config: FeedbackMailConfig, id: number, answer: string): Promise<FeedbackItem> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(feedback)
      .set({ answer, answeredAt: sql`now()` })
      .where(eq(feedback.id, id))
      .returning({ bookingId: feedback.bookingId, rating: feedback.rating, comment: feedback.comment, answeredAt: feedback.answeredAt });
    if (!row) throw notFound('feedback_unknown');
    const booking = await lockBooking(tx, row.bookingId, ADMIN_ACCESS);
    const recipient = booking && (await feedbackRecipient(tx, config, booking));
    if (booking && recipient) {
      const mail = feedbackAnswerMail(recipient.language, recipient.facts, { stars: row.rating, comment: row.comment, answer });
      await queueFeedbackMail(tx, booking, recipient, { kind: 'feedback_answer', dedupeKey: `feedback:${id}:answer:${row.answeredAt!.getTime()}`, ...mail });
    }
    const [item] = await selectItems(tx).where(eq(feedback.id, id));
    return toItem(item!);
  });
}
