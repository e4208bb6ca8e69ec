import { sql, type SQL } from 'drizzle-orm';

/** The PostgreSQL range [from, to) of two instants, as the car holds store and compare them (decision 0070). */
export function instantRange(span: { from: Date; to: Date }): SQL {
  return sql`tstzrange(${span.from.toISOString()}::timestamptz, ${span.to.toISOString()}::timestamptz, '[)')`;
}
