import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The channel the triggers of migration 0002 announce committed changes on. */
export const CHANGES_CHANNEL = 'vtc_changes';

/**
 * A committed change: the catalogue, one booking, every booking, the cars' holds, one account's
 * access token version (or every account's: a truncate); or a message a business area published
 * on a topic of its own (`publishOnFeed`), which every process receives once committed.
 */
export type Change =
  | { kind: 'catalogue' }
  | { kind: 'booking'; id: number }
  | { kind: 'bookings' }
  | { kind: 'car_holds' }
  | { kind: 'user'; id: number }
  | { kind: 'users' }
  | { kind: 'topic'; topic: string; body: string };

const TOPIC_PREFIX = 'topic:';
/** PostgreSQL refuses a notification payload of 8000 bytes or more. */
export const MAX_TOPIC_PAYLOAD_BYTES = 7_900;

/** The payload announcing `body` on `topic` (a name of letters, digits, '-' and '_'). */
export function topicPayload(topic: string, body: string): string {
  if (!/^[\w-]+$/.test(topic)) throw new Error(`invalid topic name: ${topic}`);
  const payload = `${TOPIC_PREFIX}${topic}:${body}`;
  if (Buffer.byteLength(payload) > MAX_TOPIC_PAYLOAD_BYTES) throw new Error(`topic payload too large (${topic})`);
  return payload;
}

/**
 * What the in-memory read caches listen to. `live` is true while every committed change is
 * being received: only then may a cache serve what it holds. When it turns false, or true again
 * after a gap, listeners get 'reset' (anything held may have missed a change).
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(listener: (change: Change | 'reset') => void): () => void;
  /**
   * Resolves once every change committed before the call has reached the listeners: a request
   * that wrote awaits it before answering, so that its author's next read sees the write.
   */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const SYNC_PREFIX = 'sync:';

export function parseChange(payload: string): Change | undefined {
  if (payload.startsWith(TOPIC_PREFIX)) {
    const rest = payload.slice(TOPIC_PREFIX.length);
    const colon = rest.indexOf(':');
    return colon > 0 ? { kind: 'topic', topic: rest.slice(0, colon), body: rest.slice(colon + 1) } : undefined;
  }
  if (payload === 'catalogue') return { kind: 'catalogue' };
  if (payload === 'bookings') return { kind: 'bookings' };
  if (payload === 'car_holds') return { kind: 'car_holds' };
  if (payload === 'users') return { kind: 'users' };
  const match = /^(booking|user):(\d+)$/.exec(payload);
  if (!match) return undefined;
  return match[1] === 'booking' ? { kind: 'booking', id: Number(match[2]) } : { kind: 'user', id: Number(match[2]) };
}

class Listeners {
  private readonly listeners = new Set<(change: Change | 'reset') => void>();

  subscribe(listener: (change: Change | 'reset') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: Change | 'reset'): void {
    for (const listener of this.listeners) listener(change);
  }

  /** A payload from the channel; anything that is not a change is ignored. */
  emitPayload(payload: string): void {
    const change = parseChange(payload);
    if (change) this.emit(change);
  }
}

/**
 * PGlite runs in this process and calls its listeners before the committing query resolves:
 * the feed is live from the start and `sync` has nothing to wait for.
 */
export async function openPgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const listeners = new Listeners();
  let live = true;
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => listeners.emitPayload(payload));
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.subscribe(listener),
    sync: () => Promise.resolve(),
    async close() {
      if (!live) return;
      live = false;
      listeners.emit('reset');
      await unlisten().catch(() => undefined);
    },
  };
}

export type PostgresChangeFeedOptions = {
  url: string;
  /** Called when the listening connection fails; it is then opened again. */
  onError?: (error: unknown) => void;
  /** Longest wait of `sync` before it gives up, drops the connection and resolves (ms). */
  syncTimeoutMs?: number;
  /**
   * How often an idle feed proves its connection still delivers (a `sync`), so that a silently
   * dead connection does not leave the caches trusting it (ms).
   */
  heartbeatMs?: number;
};

/**
 * One dedicated connection LISTENing on the channel (a pooled connection could not keep the
 * LISTEN). When it fails the feed is not live (caches read the database) until it is connected
 * and listening again, with backoff. PostgreSQL delivers notifications in commit order, so `sync`
 * sends a marker of its own and waits for it: everything committed before has arrived by then.
 */
export async function openPostgresChangeFeed(options: PostgresChangeFeedOptions): Promise<ChangeFeed> {
  const listeners = new Listeners();
  const pendingSyncs = new Map<string, () => void>();
  const syncTimeoutMs = options.syncTimeoutMs ?? 2_000;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retryDelay = 100;
  // The listening connection takes one query at a time: syncs send their notifications in turn
  // (node-postgres queues a query sent while another runs with a deprecation warning; pg 9 refuses it).
  let notifying: Promise<unknown> = Promise.resolve();
  let retryTimer: NodeJS.Timeout | null = null;

  const releaseSyncs = () => {
    for (const resolve of pendingSyncs.values()) resolve();
    pendingSyncs.clear();
  };

  /** Drops a failed (or closing) connection; resolves once it has ended. */
  const lose = (failed: pg.Client, error?: unknown): Promise<void> => {
    if (client !== failed) return Promise.resolve();
    client = null;
    failed.removeAllListeners('notification');
    const ended = failed.end().catch(() => undefined);
    if (live) {
      live = false;
      listeners.emit('reset');
    }
    releaseSyncs();
    if (closed) return ended;
    if (error) options.onError?.(error);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, 5_000);
    return ended;
  };

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({ connectionString: options.url, keepAlive: true, application_name: 'riviera-vtc' });
    client = candidate;
    candidate.on('error', (error) => void lose(candidate, error));
    candidate.on('end', () => void lose(candidate));
    candidate.on('notification', (message) => {
      const payload = message.payload ?? '';
      if (payload.startsWith(SYNC_PREFIX)) {
        const id = payload.slice(SYNC_PREFIX.length);
        pendingSyncs.get(id)?.();
        pendingSyncs.delete(id);
        return;
      }
      listeners.emitPayload(payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      void lose(candidate, error);
      return;
    }
    if (client !== candidate || closed) return;
    retryDelay = 100;
    live = true;
    // Whatever was cached before this connection listened may have missed a change.
    listeners.emit('reset');
  };

  const sync = () => {
    const current = client;
    if (!live || !current) return Promise.resolve();
    const id = randomUUID();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        if (!pendingSyncs.delete(id)) return;
        // The connection no longer delivers: caches off until a new one listens.
        void lose(current, new Error(`no notification within ${syncTimeoutMs} ms`));
        resolve();
      }, syncTimeoutMs);
      timer.unref();
      pendingSyncs.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
      const notified = notifying.then(() => current.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, SYNC_PREFIX + id]));
      notifying = notified.catch(() => undefined);
      notified.catch((error: unknown) => void lose(current, error));
    });
  };

  await connect();
  const heartbeat = setInterval(() => void sync(), heartbeatMs);
  heartbeat.unref();

  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.subscribe(listener),
    sync,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      // lose() also turns the feed off and says 'reset' if it was live (live implies a client).
      const ended = current ? lose(current) : Promise.resolve();
      // A connection lost mid-handshake may never report its end: do not hold a shutdown for it.
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}
