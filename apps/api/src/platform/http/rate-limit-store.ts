import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

export type RateLimitState = { current: number; ttl: number };
export type HitOptions = {
  /** Past `max`, each hit pushes the window to `windowMs * 2^(hits - max - 1)`, at most `capMs`. */
  exponentialBackoff?: boolean;
  /** Past `max`, each hit starts the window afresh. */
  continueExceeding?: boolean;
  capMs?: number;
};

/** Counters kept in the `rate_limits` table, so every process on one database counts together. */
export type RateLimitCounters = {
  hit(key: string, windowMs: number, max: number, options?: HitOptions): Promise<RateLimitState>;
  read(key: string): Promise<RateLimitState>;
  reset(key: string): Promise<void>;
};

type Row = { hits: number; ttl: number };

function rowsOf(result: unknown): Row[] {
  const rows = (result as { rows: Array<Record<string, unknown>> }).rows;
  return rows.map((row) => ({ hits: Number(row.hits), ttl: Number(row.ttl) }));
}

/** Expired rows are swept now and then by whichever process happens to count. */
const SWEEP_EVERY = 500;

export function createRateLimitCounters(db: Db): RateLimitCounters {
  let hitsSinceSweep = 0;
  return {
    async hit(key, windowMs, max, { exponentialBackoff = false, continueExceeding = false, capMs = Number.MAX_SAFE_INTEGER } = {}) {
      // One statement: of many processes hitting one key at once, each sees its own count.
      const result = await db.execute(sql`
        insert into rate_limits as r (key, hits, reset_at)
        values (${key}, 1, now() + ${windowMs}::float8 * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
          reset_at = case
            when r.reset_at <= now() then excluded.reset_at
            when r.hits + 1 > ${max}::int and ${exponentialBackoff}::boolean then
              now() + least(${windowMs}::float8 * power(2::float8, least(r.hits - ${max}::int, 60)), ${capMs}::float8)
                * interval '1 millisecond'
            when r.hits + 1 > ${max}::int and ${continueExceeding}::boolean then excluded.reset_at
            else r.reset_at
          end
        returning hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::float8 as ttl`);
      hitsSinceSweep += 1;
      if (hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 hour'`);
      }
      const [row] = rowsOf(result);
      return { current: row?.hits ?? 1, ttl: row?.ttl ?? windowMs };
    },
    async read(key) {
      const result = await db.execute(sql`
        select hits, greatest(0, ceil(extract(epoch from reset_at - now()) * 1000))::float8 as ttl
        from rate_limits where key = ${key} and reset_at > now()`);
      const [row] = rowsOf(result);
      return row ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 };
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where key = ${key}`);
    },
  };
}

type Callback = (error: Error | null, state?: RateLimitState) => void;
type StoreOptions = { continueExceeding?: boolean; exponentialBackoff?: boolean };
type ChildOptions = StoreOptions & { routeInfo: { method?: string | string[]; url?: string } };

/**
 * A store class for @fastify/rate-limit (it calls `new Store(globalOptions)`, then `child(...)`
 * per route limit): each route's counters get their own key prefix, as its Redis store does.
 */
export function rateLimitStoreClass(counters: RateLimitCounters) {
  return class DatabaseRateLimitStore {
    readonly prefix: string;
    readonly options: StoreOptions;

    constructor(options: StoreOptions, prefix = 'rl:') {
      this.options = { continueExceeding: options.continueExceeding, exponentialBackoff: options.exponentialBackoff };
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      counters.hit(this.prefix + key, timeWindow, max, this.options).then(
        (state) => callback(null, state),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      counters.read(this.prefix + key).then(
        (state) => callback(null, state),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: ChildOptions): DatabaseRateLimitStore {
      const { method, url } = routeOptions.routeInfo;
      const methods = Array.isArray(method) ? method.join(',') : (method ?? '');
      return new DatabaseRateLimitStore(routeOptions, `${this.prefix}${methods}${url ?? ''}:`);
    }
  };
}
