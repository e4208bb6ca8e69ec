import { z } from 'zod';
import { addMessageCatalogue, message } from '../i18n/error-messages.ts';
import { optionalText } from '../validation/form-fields.ts';
import { feedbackMessages } from './feedback-messages.ts';
import { FEEDBACK_ANSWER_MAX, FEEDBACK_COMMENT_MAX } from './feedback-limits.ts';

// The rating form's words load with the rating page, the reviews screen and the API (decision 0143).
addMessageCatalogue(feedbackMessages);


/** A rating of 1 to 5 stars, as a number or the text of a form field; anything else is `rating_range`. */
export const ratingField = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: 'rating_range' }).int('rating_range').min(1, 'rating_range').max(5, 'rating_range'),
  );

/** `POST /api/feedback/{id}`: the signed link's token, the stars and an optional comment. */
export const FeedbackBody = z.object({
  token: z.string({ error: 'feedback_link_invalid' }).max(200, 'feedback_link_invalid'),
  rating: ratingField(),
  comment: optionalText(FEEDBACK_COMMENT_MAX),
});
export type FeedbackBody = z.infer<typeof FeedbackBody>;

/** `PUT /api/feedback/answer/{id}`: the company's answer, mailed to the customer. */
export const FeedbackAnswerBody = z.object({
  answer: z.string({ error: 'answer_required' }).trim().min(1, 'answer_required').max(FEEDBACK_ANSWER_MAX, message('too_long', { max: FEEDBACK_ANSWER_MAX })),
});
export type FeedbackAnswerBody = z.infer<typeof FeedbackAnswerBody>;

/** `GET /api/feedback/getAll` filters: a chauffeur, a month (YYYY-MM, Paris), the lowest stars, unanswered only. */
export const FeedbackListQuery = z.object({
  driverId: z.coerce.number({ error: 'invalid_value' }).int('invalid_value').positive('invalid_value').optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalid_value')
    .optional(),
  maxRating: ratingField().optional(),
  unanswered: z
    .enum(['true', 'false'], { error: 'invalid_value' })
    .transform((value) => value === 'true')
    .optional(),
});
export type FeedbackListQuery = z.infer<typeof FeedbackListQuery>;
