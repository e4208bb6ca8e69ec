import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackSentResponse, FeedbackState, FeedbackStateResponse } from '@vtc/shared/feedback/feedback-responses';
import type { FeedbackBody } from '@vtc/shared/feedback/feedback-schemas';
import { apiFetch } from '../../../lib/api-fetch';

const feedbackKey = (id: string, token: string) => ['feedback', id, token] as const;

/** The trip behind the rating link; no session is sent (the token is the key). */
export function useFeedbackState(id: string, token: string) {
  return useQuery({
    queryKey: feedbackKey(id, token),
    queryFn: () => apiFetch<FeedbackStateResponse>(`/feedback/${encodeURIComponent(id)}`, { query: { token }, authenticated: false }).then((body) => body.data),
    retry: false,
  });
}

/** `POST /feedback/{id}`: the rating, once; the page then shows the trip as rated. */
export function useSendFeedback(id: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<FeedbackBody, 'token'>) =>
      apiFetch<FeedbackSentResponse>(`/feedback/${encodeURIComponent(id)}`, { method: 'POST', body: { ...body, token }, authenticated: false }),
    onSuccess: (answer) =>
      queryClient.setQueryData<FeedbackState>(feedbackKey(id, token), (shown) => shown && { ...shown, rating: answer.data.rating, reviewsUrl: answer.data.reviewsUrl }),
  });
}
