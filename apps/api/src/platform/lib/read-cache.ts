/**
 * Values read from the database, kept in memory while the change feed is live and dropped when
 * it announces a change (decision 0026). Least recently used entries go first beyond
 * `maxEntries`. Concurrent misses of one key share one load. A load that started before an
 * invalidation returns its value to its callers but does not keep it: it may predate the change.
 */
export class ReadCache<K, V> {
  private readonly entries = new Map<K, V>();
  private readonly loading = new Map<K, Promise<V | undefined>>();
  /** Bumped by `clear`: loads started before are not kept (`delete` drops its key's load itself). */
  private generation = 0;
  /** The key kept or used last: the end of `entries`' order, where a hit on it is already. */
  private newest: K | undefined;

  private readonly feed: { readonly live: boolean };
  private readonly maxEntries: number;

  constructor(feed: { readonly live: boolean }, maxEntries: number) {
    this.feed = feed;
    this.maxEntries = maxEntries;
  }

  /** The cached value, or `load()`'s (kept unless undefined). Not live: always `load()`. */
  get(key: K, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.feed.live) return load();
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used last: Map keeps insertion order. A hit on the newest key moves nothing: the
      // catalogue's cache holds one entry, and a delete that empties a small Map makes V8 shrink its
      // table, then grow it again on the set (4 % of step two's server CPU in `npm run bench`'s profile).
      if (key !== this.newest) this.touch(key, hit);
      return Promise.resolve(hit);
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    /** Still the key's load: not invalidated (nor replaced) since it started. Forgets it. */
    const finish = (): boolean => {
      const current = this.loading.get(key) === promise;
      if (current) this.loading.delete(key);
      return current && generation === this.generation;
    };
    const promise = load().then(
      (value) => {
        if (finish() && value !== undefined && this.feed.live) this.set(key, value);
        return value;
      },
      (error: unknown) => {
        finish();
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /** Keeps a value just read or written (the caller knows it is current). */
  set(key: K, value: V): void {
    if (!this.feed.live) return;
    this.touch(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) {
        this.entries.delete(oldest.value);
        if (oldest.value === this.newest) this.newest = undefined;
      }
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
    this.loading.delete(key);
    if (key === this.newest) this.newest = undefined;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
    this.newest = undefined;
  }

  /** `key` with `value` at the end of the order: the most recently used. */
  private touch(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = key;
  }

  get size(): number {
    return this.entries.size;
  }
}
