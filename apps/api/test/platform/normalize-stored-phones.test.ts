import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeStoredPhones } from '../../src/platform/db/normalize-stored-phones.ts';
import { appMeta, contactMessages, users } from '../../src/platform/db/schema.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';
import { createTestApp, type TestContext } from '../support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('stored phones before E.164', () => {
  it('rewrites the numbers that parse, leaves the others as typed, and runs once', async () => {
    const { db } = ctx.database;
    const typed = ['06 12 34 56 78', '+44 20 7946 0958', '12', '+33 1234', '+33612345678'];
    const rows = await db
      .insert(users)
      .values(typed.map((phone) => ({ email: uniqueEmail('legacy'), passwordHash: 'x', fullName: 'Ancien Client', phone })))
      .returning({ id: users.id });
    const [message] = await db
      .insert(contactMessages)
      .values({ firstName: 'A', lastName: 'B', email: 'a@example.test', phone: '0033 4 93 12 34 56', message: 'Bonjour' })
      .returning({ id: contactMessages.id });
    await db.delete(appMeta).where(eq(appMeta.key, 'phones_normalized_e164'));

    expect(await normalizeStoredPhones(db)).toBe(3);
    const stored = await db.select({ id: users.id, phone: users.phone }).from(users).where(inArray(users.id, rows.map((row) => row.id)));
    expect(rows.map((row) => stored.find((s) => s.id === row.id)?.phone)).toEqual([
      '+33612345678',
      '+442079460958',
      '12',
      '+33 1234',
      '+33612345678',
    ]);
    const [contact] = await db.select().from(contactMessages).where(eq(contactMessages.id, message!.id));
    expect(contact?.phone).toBe('+33493123456');

    await db.update(users).set({ phone: '06 12 34 56 78' }).where(eq(users.id, rows[0]!.id));
    expect(await normalizeStoredPhones(db)).toBe(0);
  });
});
