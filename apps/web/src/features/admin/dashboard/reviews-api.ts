import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackAnswerResponse, FeedbackListResponse } from '@vtc/shared/feedback/feedback-responses';
import { toast } from 'react-toastify';
import { apiFetch } from '../../../lib/api-fetch';

const REVIEWS_KEY = ['admin', 'feedback'] as const;

export type ReviewFilters = { unanswered: boolean; maxRating: number | null };

/** `GET /feedback/getAll`: the ratings, newest first. */
export function useReviews(filters: ReviewFilters) {
  return useQuery({
    queryKey: [...REVIEWS_KEY, filters],
    queryFn: () =>
      apiFetch<FeedbackListResponse>('/feedback/getAll', {
        query: { unanswered: filters.unanswered ? 'true' : undefined, maxRating: filters.maxRating ?? undefined },
      }).then((body) => body.data),
  });
}

/** `PUT /feedback/answer/{id}`: the company's answer, mailed to the customer. */
export function useAnswerReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) => apiFetch<FeedbackAnswerResponse>(`/feedback/answer/${id}`, { method: 'PUT', body: { answer } }),
    onSuccess: (answer) => toast.success(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
  });
}
