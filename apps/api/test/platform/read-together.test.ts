import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue } from '../../src/catalogue/catalogue-snapshot.ts';
import { seedDemoData } from '../../src/demo/demo-seed.ts';
import { readTogether } from '../../src/platform/db/read-together.ts';
import { queriesSentWhileBusy } from '../support/queries-sent-while-busy.ts';
import { createTestDatabase } from '../support/test-database.ts';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('reads run together', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
  });
  afterAll(async () => database.close());

  const value = (n: number) => async () => {
    const rows = (await database.db.execute<{ n: number }>(sql`select ${n}::int as n`)) as unknown as { rows: { n: number }[] };
    return rows.rows[0]!.n;
  };

  it('gives each read’s result in the order asked, on the pool', async () => {
    expect(await readTogether(database.db, [value(1), value(2), value(3)])).toEqual([1, 2, 3]);
  });

  it('inside a transaction sends its single connection one query at a time: same results, no warning', async () => {
    const sentWhileBusy = await queriesSentWhileBusy(() =>
      database.db.transaction(async (tx) => {
        const inTx = (n: number) => async () =>
          ((await tx.execute<{ n: number }>(sql`select ${n}::int as n, pg_sleep(0.01)`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
        expect(await readTogether(tx, [inTx(1), inTx(2), inTx(3)])).toEqual([1, 2, 3]);
        // The catalogue, read inside the transactions that price a booking.
        const catalogue = await readCatalogue(tx);
        expect(catalogue.cars.length).toBeGreaterThan(0);
        expect(catalogue.seasons.length).toBeGreaterThan(0);
      }),
    );
    expect(sentWhileBusy).toBe(0);
  });
});
