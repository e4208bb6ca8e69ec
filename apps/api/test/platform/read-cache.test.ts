import { describe, expect, it, vi } from 'vitest';
import { ReadCache } from '../../src/platform/lib/read-cache.ts';

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void };

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A load whose every call returns a promise the test settles itself (`calls[n]`). */
function pendingLoad<V = string>() {
  const calls: Deferred<V | undefined>[] = [];
  const load = vi.fn(() => {
    const call = deferred<V | undefined>();
    calls.push(call);
    return call.promise;
  });
  return { load, calls };
}

/** A load that answers `value` at once, counting its calls. */
const loadOf = <V>(value: V | undefined) => vi.fn(() => Promise.resolve(value));

/** A feed as the cache sees it: only `live` matters, and the test flips it. */
const liveFeed = () => ({ live: true });

describe('ReadCache', () => {
  it('keeps what a live feed lets it load and serves it without loading again', async () => {
    const cache = new ReadCache<number, string>(liveFeed(), 10);
    const first = loadOf('one');
    expect(await cache.get(1, first)).toBe('one');
    expect(cache.size).toBe(1);

    const second = loadOf('changed');
    expect(await cache.get(1, second)).toBe('one');
    expect(second).not.toHaveBeenCalled();
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('always loads and keeps nothing while the feed is not live', async () => {
    const feed = { live: false };
    const cache = new ReadCache<number, string>(feed, 10);
    const load = loadOf('one');
    expect(await cache.get(1, load)).toBe('one');
    expect(await cache.get(1, load)).toBe('one');
    expect(load).toHaveBeenCalledTimes(2);
    cache.set(2, 'two');
    expect(cache.size).toBe(0);

    // Live again: nothing was kept from before, so the first read loads.
    feed.live = true;
    const afterwards = loadOf('fresh');
    expect(await cache.get(2, afterwards)).toBe('fresh');
    expect(afterwards).toHaveBeenCalledTimes(1);
  });

  it('does not share a load between concurrent reads while the feed is not live', async () => {
    const cache = new ReadCache<number, string>({ live: false }, 10);
    const { load, calls } = pendingLoad();
    const a = cache.get(1, load);
    const b = cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(2);
    calls[0]!.resolve('a');
    calls[1]!.resolve('b');
    expect([await a, await b]).toEqual(['a', 'b']);
  });

  it('stops serving what it holds as soon as the feed is not live', async () => {
    const feed = liveFeed();
    const cache = new ReadCache<number, string>(feed, 10);
    await cache.get(1, loadOf('kept'));
    feed.live = false;
    const load = loadOf('from the database');
    expect(await cache.get(1, load)).toBe('from the database');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a load that finishes after the feed stopped being live', async () => {
    const feed = liveFeed();
    const cache = new ReadCache<number, string>(feed, 10);
    const { load, calls } = pendingLoad();
    const read = cache.get(1, load);
    feed.live = false;
    calls[0]!.resolve('maybe stale');
    expect(await read).toBe('maybe stale');
    expect(cache.size).toBe(0);

    feed.live = true;
    const again = loadOf('fresh');
    expect(await cache.get(1, again)).toBe('fresh');
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('shares one load between concurrent misses of a key, and keeps its value', async () => {
    const cache = new ReadCache<number, string>(liveFeed(), 10);
    const { load, calls } = pendingLoad();
    const reads = [cache.get(1, load), cache.get(1, load), cache.get(1, load)];
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]!.resolve('one');
    expect(await Promise.all(reads)).toEqual(['one', 'one', 'one']);
    expect(await cache.get(1, load)).toBe('one');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads different keys separately', async () => {
    const cache = new ReadCache<number, string>(liveFeed(), 10);
    const { load, calls } = pendingLoad();
    const one = cache.get(1, load);
    const two = cache.get(2, load);
    expect(load).toHaveBeenCalledTimes(2);
    calls[0]!.resolve('one');
    calls[1]!.resolve('two');
    expect([await one, await two]).toEqual(['one', 'two']);
    expect(cache.size).toBe(2);
  });

  it('gives a failed load’s error to every waiting caller and tries again on the next read', async () => {
    const cache = new ReadCache<number, string>(liveFeed(), 10);
    const { load, calls } = pendingLoad();
    const a = cache.get(1, load);
    const b = cache.get(1, load);
    calls[0]!.reject(new Error('database down'));
    await expect(a).rejects.toThrow('database down');
    await expect(b).rejects.toThrow('database down');
    expect(cache.size).toBe(0);

    const retry = loadOf('one');
    expect(await cache.get(1, retry)).toBe('one');
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('does not keep undefined: a missing row is read again next time', async () => {
    const cache = new ReadCache<number, string>(liveFeed(), 10);
    const missing = loadOf<string>(undefined);
    expect(await cache.get(1, missing)).toBeUndefined();
    expect(await cache.get(1, missing)).toBeUndefined();
    expect(missing).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });

  it('serves a value given by set without loading', async () => {
    const cache = new ReadCache<number, string>(liveFeed(), 10);
    cache.set(1, 'written');
    const load = loadOf('loaded');
    expect(await cache.get(1, load)).toBe('written');
    expect(load).not.toHaveBeenCalled();
  });

  it('delete drops one key and clear drops them all', async () => {
    const cache = new ReadCache<number, string>(liveFeed(), 10);
    cache.set(1, 'one');
    cache.set(2, 'two');
    cache.set(3, 'three');
    cache.delete(2);
    expect(cache.size).toBe(2);
    const load = loadOf('reloaded');
    expect(await cache.get(2, load)).toBe('reloaded');
    expect(await cache.get(1, load)).toBe('one');
    expect(load).toHaveBeenCalledTimes(1);

    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get(1, load)).toBe('reloaded');
    expect(await cache.get(3, load)).toBe('reloaded');
    expect(load).toHaveBeenCalledTimes(3);
  });

  describe('a load started before an invalidation', () => {
    it.each([
      ['delete of its key', (cache: ReadCache<number, string>) => cache.delete(1)],
      ['clear', (cache: ReadCache<number, string>) => cache.clear()],
    ])('after %s: answers its callers but is not kept', async (_name, invalidate) => {
      const cache = new ReadCache<number, string>(liveFeed(), 10);
      const { load, calls } = pendingLoad();
      const read = cache.get(1, load);
      invalidate(cache);
      calls[0]!.resolve('before the change');
      expect(await read).toBe('before the change');
      expect(cache.size).toBe(0);

      const again = loadOf('after the change');
      expect(await cache.get(1, again)).toBe('after the change');
      expect(again).toHaveBeenCalledTimes(1);
    });

    it.each([
      ['delete', (cache: ReadCache<number, string>) => cache.delete(1)],
      ['clear', (cache: ReadCache<number, string>) => cache.clear()],
    ])('is not joined by a read that comes after the invalidation (%s)', async (_name, invalidate) => {
      const cache = new ReadCache<number, string>(liveFeed(), 10);
      const { load, calls } = pendingLoad();
      const before = cache.get(1, load);
      invalidate(cache);
      const after = cache.get(1, load);
      expect(load).toHaveBeenCalledTimes(2);
      calls[1]!.resolve('new');
      calls[0]!.resolve('old');
      expect(await before).toBe('old');
      expect(await after).toBe('new');
      // The old load finishing last did not overwrite the new value.
      const third = loadOf('unused');
      expect(await cache.get(1, third)).toBe('new');
      expect(third).not.toHaveBeenCalled();
    });

    it('after delete of another key: is kept (one booking changing does not waste the others’ reads)', async () => {
      const cache = new ReadCache<number, string>(liveFeed(), 10);
      const { load, calls } = pendingLoad();
      const read = cache.get(1, load);
      cache.delete(2);
      calls[0]!.resolve('one');
      expect(await read).toBe('one');
      const again = loadOf('unused');
      expect(await cache.get(1, again)).toBe('one');
      expect(again).not.toHaveBeenCalled();
    });

    it('finishing first does not cut a later read off the newer load', async () => {
      const cache = new ReadCache<number, string>(liveFeed(), 10);
      const { load, calls } = pendingLoad();
      const before = cache.get(1, load);
      cache.delete(1);
      const after = cache.get(1, load);
      calls[0]!.resolve('old');
      expect(await before).toBe('old');
      // The newer load is still pending: a read now shares it rather than starting a third.
      const joined = cache.get(1, load);
      expect(load).toHaveBeenCalledTimes(2);
      calls[1]!.resolve('new');
      expect([await after, await joined]).toEqual(['new', 'new']);
      expect(cache.size).toBe(1);
    });
  });

  describe('bounded size', () => {
    it('keeps at most maxEntries, evicting the least recently read', async () => {
      const cache = new ReadCache<number, string>(liveFeed(), 2);
      const load = vi.fn((key: number) => Promise.resolve(`value ${key}`));
      await cache.get(1, () => load(1));
      await cache.get(2, () => load(2));
      // A hit on 1 makes 2 the least recently used.
      expect(await cache.get(1, () => load(1))).toBe('value 1');
      await cache.get(3, () => load(3));
      expect(cache.size).toBe(2);
      expect(load.mock.calls).toEqual([[1], [2], [3]]);

      expect(await cache.get(1, () => load(1))).toBe('value 1');
      expect(load).toHaveBeenCalledTimes(3);
      expect(await cache.get(2, () => load(2))).toBe('value 2');
      expect(load.mock.calls).toEqual([[1], [2], [3], [2]]);
      expect(cache.size).toBe(2);
    });

    it('without reads in between, evicts in the order of loading', async () => {
      const cache = new ReadCache<number, string>(liveFeed(), 2);
      const load = vi.fn((key: number) => Promise.resolve(`value ${key}`));
      for (const key of [1, 2, 3]) await cache.get(key, () => load(key));
      await cache.get(3, () => load(3));
      await cache.get(2, () => load(2));
      expect(load).toHaveBeenCalledTimes(3);
      await cache.get(1, () => load(1));
      expect(load.mock.calls).toEqual([[1], [2], [3], [1]]);
    });

    it('keeps the order through runs of hits on the most recent key (which move nothing)', async () => {
      const cache = new ReadCache<number, string>(liveFeed(), 2);
      const load = vi.fn((key: number) => Promise.resolve(`value ${key}`));
      await cache.get(1, () => load(1));
      await cache.get(1, () => load(1));
      await cache.get(2, () => load(2));
      await cache.get(2, () => load(2));
      // 1 becomes the most recent again; hits on it then leave 2 the least recent.
      await cache.get(1, () => load(1));
      await cache.get(1, () => load(1));
      await cache.get(3, () => load(3));
      expect(load.mock.calls).toEqual([[1], [2], [3]]);
      expect(await cache.get(1, () => load(1))).toBe('value 1');
      expect(await cache.get(2, () => load(2))).toBe('value 2');
      expect(load.mock.calls).toEqual([[1], [2], [3], [2]]);

      // The most recent key deleted: a hit on the other one still counts as a use.
      cache.delete(2);
      await cache.get(1, () => load(1));
      await cache.get(4, () => load(4));
      await cache.get(5, () => load(5));
      expect(await cache.get(4, () => load(4))).toBe('value 4');
      expect(load.mock.calls).toEqual([[1], [2], [3], [2], [4], [5]]);
    });

    it('counts set as a use, and never holds more than maxEntries through set', async () => {
      const cache = new ReadCache<number, string>(liveFeed(), 2);
      cache.set(1, 'one');
      cache.set(2, 'two');
      cache.set(1, 'one again');
      cache.set(3, 'three');
      expect(cache.size).toBe(2);
      const load = vi.fn((key: number) => Promise.resolve(`loaded ${key}`));
      expect(await cache.get(1, () => load(1))).toBe('one again');
      expect(await cache.get(3, () => load(3))).toBe('three');
      expect(load).not.toHaveBeenCalled();
      expect(await cache.get(2, () => load(2))).toBe('loaded 2');
      expect(load).toHaveBeenCalledTimes(1);
    });
  });
});
