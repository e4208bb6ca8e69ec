import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserById, insertUser, listUsers } from '../../src/accounts/users/users-repository.ts';
import type { Database } from '../../src/platform/db/client.ts';
import { createTestDatabase } from '../support/test-database.ts';

/**
 * The admin users list and the user by id are read on every page of the back office and of the
 * customer space: their queries are built once per database handle (prepared, so PostgreSQL also
 * plans them once per connection), and still answer with every new value (issue 26).
 */
describe('prepared reads of users', () => {
  let database: Database;
  const ids: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const name of ['Anne', 'Bruno', 'Chloé']) {
      const user = await insertUser(database.db, { email: `${name.toLowerCase()}@example.test`, passwordHash: 'x', fullName: name, phone: '+33612345678' });
      ids.push(user!.id);
    }
  });
  afterAll(async () => database.close());

  it('pages through the users in id order with their counts, the page query built once', async () => {
    const building = vi.spyOn(database.db, '$with');
    try {
      const first = await listUsers(database.db, { limit: 2 });
      const second = await listUsers(database.db, { afterId: first.at(-1)!.id, limit: 2 });
      const all = await listUsers(database.db, { limit: 200 });

      expect(first.map((user) => [user.fullName, user.bookingCount])).toEqual([['Anne', 0], ['Bruno', 0]]);
      expect(second.map((user) => user.id)).toEqual([ids[2]]);
      expect(all.map((user) => user.id)).toEqual(ids);
      expect(building).toHaveBeenCalledTimes(1);
    } finally {
      building.mockRestore();
    }
  });

  it('finds a user by id with one query built once', async () => {
    const building = vi.spyOn(database.db, 'select');
    try {
      expect((await findUserById(database.db, ids[1]!))?.fullName).toBe('Bruno');
      expect((await findUserById(database.db, ids[2]!))?.fullName).toBe('Chloé');
      expect(await findUserById(database.db, 999_999)).toBeUndefined();
      expect(building).toHaveBeenCalledTimes(1);
    } finally {
      building.mockRestore();
    }
  });
});
