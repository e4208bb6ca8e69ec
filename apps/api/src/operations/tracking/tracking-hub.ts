import type { ChangeFeed } from '../../platform/db/change-feed.ts';
import { parseTrackingEvent, TRACKING_TOPIC, type TrackingEvent } from './tracking-updates.ts';

/** One open tracking page of a trip in this process: it gets each event, and re-reads the trip after a gap of the feed. */
export type TrackingListener = {
  event(event: TrackingEvent): void;
  resync(): void;
};

export type TrackingHub = {
  subscribe(bookingId: number, listener: TrackingListener): () => void;
  /** Open pages in this process. */
  readonly size: number;
};

/**
 * The tracking pages open in this process, by trip (decision 0132). Events reach every process
 * through the change feed (PostgreSQL LISTEN/NOTIFY; PGlite's own listeners in one process),
 * each read once here and handed to the trip's pages. When the booking itself changes (the
 * database's own change notice: cancelled, reassigned, moved), its pages re-read it; when the feed
 * says 'reset' (its connection was lost, so events may have been missed), every page does.
 */
export function createTrackingHub(feed: ChangeFeed): TrackingHub & { close(): void } {
  const pages = new Map<number, Set<TrackingListener>>();
  let size = 0;
  const resyncAll = () => {
    for (const listeners of pages.values()) for (const listener of listeners) listener.resync();
  };
  const unsubscribe = feed.subscribe((change) => {
    if (change === 'reset' || change.kind === 'bookings') return resyncAll();
    // A change of the booking itself (cancelled, given to another chauffeur, moved): its pages read it again.
    if (change.kind === 'booking') {
      for (const listener of pages.get(change.id) ?? []) listener.resync();
      return;
    }
    if (change.kind !== 'topic' || change.topic !== TRACKING_TOPIC) return;
    const event = parseTrackingEvent(change.body);
    if (!event) return;
    for (const listener of pages.get(event.bookingId) ?? []) listener.event(event);
  });
  return {
    subscribe(bookingId, listener) {
      let listeners = pages.get(bookingId);
      if (!listeners) pages.set(bookingId, (listeners = new Set()));
      listeners.add(listener);
      size += 1;
      return () => {
        if (!listeners.delete(listener)) return;
        size -= 1;
        if (listeners.size === 0) pages.delete(bookingId);
      };
    },
    get size() {
      return size;
    },
    close() {
      unsubscribe();
      pages.clear();
      size = 0;
    },
  };
}
