import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tracking, TrackingResponse, TrackingUpdate } from '@vtc/shared/missions/tracking-responses';
import { useEffect } from 'react';
import { API_BASE, apiFetch } from '../../../lib/api-fetch';

const trackingKey = (id: string, token: string) => ['tracking', id, token] as const;

/** The trip behind the customer's tracking link; no session is sent (the token is the key). */
export function useTracking(id: string, token: string) {
  return useQuery({
    queryKey: trackingKey(id, token),
    queryFn: () => apiFetch<TrackingResponse>(`/track/${encodeURIComponent(id)}`, { query: { token }, authenticated: false }).then((body) => body.data),
    retry: false,
  });
}

/**
 * An update applied to the trip as shown: a position older than the one shown (events may cross
 * the page's first read) is not taken for the same step.
 */
export function applyUpdate(shown: Tracking, update: TrackingUpdate): Tracking {
  const older =
    update.status === shown.status && update.position !== null && shown.position !== null && Date.parse(update.position.at) < Date.parse(shown.position.at);
  return older ? shown : { ...shown, ...update };
}

/**
 * The trip's live events (Server-Sent Events, decision 0132) while the page shows it: each one
 * updates the trip in place. The browser's EventSource reconnects by itself after a cut; once the
 * trip is over, or the stream is refused for good, the trip is read again to say why.
 */
export function useTrackingStream(id: string, token: string, enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const key = trackingKey(id, token);
    const source = new EventSource(`${API_BASE}/track/stream/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`);
    const onUpdate = (event: MessageEvent<string>) => {
      const update = JSON.parse(event.data) as TrackingUpdate;
      queryClient.setQueryData<Tracking>(key, (shown) => (shown ? applyUpdate(shown, update) : shown));
    };
    const reread = () => void queryClient.invalidateQueries({ queryKey: key });
    source.addEventListener('position', onUpdate);
    source.addEventListener('status', onUpdate);
    source.addEventListener('over', () => {
      source.close();
      reread();
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) reread();
    });
    return () => source.close();
  }, [id, token, enabled, queryClient]);
}
