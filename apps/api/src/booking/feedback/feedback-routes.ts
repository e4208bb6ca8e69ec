import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorResponse } from '@vtc/shared/api/api-responses';
import { FeedbackAnswerResponse, FeedbackListResponse, FeedbackSentResponse, FeedbackStateResponse } from '@vtc/shared/feedback/feedback-responses';
import { FeedbackAnswerBody, FeedbackBody, FeedbackListQuery } from '@vtc/shared/feedback/feedback-schemas';
import { adminErrors, adminSecurity, IdParams } from '../../platform/lib/api-schemas.ts';
import { answerFeedback, getFeedbackState, listFeedback, submitFeedback } from './feedback-service.ts';

const publicErrors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse } as const;
const tokenNote = [
  'No account: the token of the rating link mailed (and texted, with consent) after the trip (decision 0146).',
  '401 feedback_link_invalid for a token that is not this trip’s rating token (tampered, another trip’s, the tracking link’s);',
  '404 feedback_not_found; 409 feedback_not_due before the trip is completed.',
].join(' ');

/** Ratings after the trip (decision 0146), mounted at /feedback: the customer's by the signed link, the company's list and answers. */
const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getAll',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['feedback'],
        summary: 'The ratings, newest first (admin)',
        description: 'Filters: driverId (the trip’s chauffeur when rated), month (YYYY-MM of the trip, Paris), maxRating (stars at most), unanswered. 200 at most.',
        security: adminSecurity,
        querystring: FeedbackListQuery,
        response: { 200: FeedbackListResponse, ...adminErrors },
      },
    },
    async (request) => ({ data: await listFeedback(app.db, request.query) }),
  );

  app.put(
    '/answer/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['feedback'],
        summary: 'Answer a rating: saved and mailed to the customer (admin)',
        description: 'The answer replaces any earlier one and is mailed (outbox) to whoever was asked for the rating, in their language. 404 feedback_unknown.',
        security: adminSecurity,
        params: IdParams,
        body: FeedbackAnswerBody,
        response: { 200: FeedbackAnswerResponse, ...adminErrors },
      },
    },
    async (request) => ({ message: request.t('feedback_answered'), data: await answerFeedback(app.db, app.config, request.params.id, request.body.answer) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['feedback'],
        summary: 'The trip a rating link is about, and its rating if already given',
        description: tokenNote,
        params: IdParams,
        querystring: z.object({ token: z.string().max(200).default('') }),
        response: { 200: FeedbackStateResponse, ...publicErrors },
      },
    },
    async (request) => ({ data: await getFeedbackState(app.db, app.config, request.params.id, request.query.token, request.lang) }),
  );

  app.post(
    '/:id',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Rate a completed trip: 1 to 5 stars and a comment, once',
        description: `${tokenNote} 400 rating_range outside 1 to 5; 409 feedback_already_received for a trip already rated (nothing changed). The reviews page (REVIEWS_URL) is answered for a rating of at least FEEDBACK_REVIEWS_MIN_RATING.`,
        params: IdParams,
        body: FeedbackBody,
        response: { 201: FeedbackSentResponse, ...publicErrors },
      },
    },
    async (request, reply) => {
      const data = await submitFeedback(app.db, app.config, request.params.id, request.body);
      return reply.status(201).send({ message: request.t('feedback_thanks'), data });
    },
  );
};

export default feedbackRoutes;
