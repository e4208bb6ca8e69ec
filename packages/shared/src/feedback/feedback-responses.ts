import { z } from 'zod';

/** `GET /api/feedback/{id}?token=`: what the rating page shows before and after sending. */
export const FeedbackState = z.object({
  id: z.number().int().meta({ description: 'The booking' }),
  pickupAt: z.string().meta({ format: 'date-time' }),
  origin: z.string(),
  destination: z.string(),
  driverFirstName: z.string().nullable(),
  rating: z.number().int().nullable().meta({ description: 'The stars given, null while not rated' }),
  reviewsUrl: z.string().nullable().meta({ description: 'REVIEWS_URL, shown when the rating is at least FEEDBACK_REVIEWS_MIN_RATING' }),
  reviewsMinRating: z.number().int(),
});
export type FeedbackState = z.infer<typeof FeedbackState>;
export const FeedbackStateResponse = z.object({ data: FeedbackState });
export type FeedbackStateResponse = z.infer<typeof FeedbackStateResponse>;

/** `POST /api/feedback/{id}`: thanks, and the public reviews page when the stars are high enough. */
export const FeedbackSentResponse = z.object({
  message: z.string(),
  data: z.object({ rating: z.number().int(), reviewsUrl: z.string().nullable() }),
});
export type FeedbackSentResponse = z.infer<typeof FeedbackSentResponse>;

/** One rating as the company reads it. */
export const FeedbackItem = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  customerName: z.string(),
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  pickupAt: z.string().meta({ format: 'date-time' }),
  createdAt: z.string().meta({ format: 'date-time' }),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable().meta({ format: 'date-time' }),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;
export const FeedbackListResponse = z.object({ data: z.array(FeedbackItem) });
export type FeedbackListResponse = z.infer<typeof FeedbackListResponse>;
export const FeedbackAnswerResponse = z.object({ message: z.string(), data: FeedbackItem });
export type FeedbackAnswerResponse = z.infer<typeof FeedbackAnswerResponse>;

/** The dashboard's ratings (decision 0146): average and count per chauffeur and per month of the trip. */
export const RatingFigures = z.object({
  byDriver: z.array(z.object({ driverId: z.number().int().nullable(), driverName: z.string().nullable(), count: z.number().int(), average: z.number() })),
  byMonth: z.array(z.object({ month: z.string().meta({ description: 'YYYY-MM on Paris clocks, of the trip’s pickup' }), count: z.number().int(), average: z.number() })),
});
export type RatingFigures = z.infer<typeof RatingFigures>;
