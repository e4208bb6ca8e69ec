import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from './client.ts';
import { appMeta } from './schema.ts';

const JWT_SECRET_KEY = 'jwt_secret';

/**
 * The JWT secret every process on one PostgreSQL database signs with, when none is set
 * (decisions 11: nothing that must be shared lives on one process's disk). The first process to
 * start keeps its candidate in the database; every other one adopts the stored secret, so a
 * sign-in, a tracking link or a rating link made by one host is taken by the others.
 */
export async function withSharedSecret<C extends Pick<Config, 'JWT_SECRET' | 'JWT_SECRET_SOURCE'>>(config: C, db: Db): Promise<C> {
  if (config.JWT_SECRET_SOURCE !== 'database') return config;
  await db.insert(appMeta).values({ key: JWT_SECRET_KEY, value: config.JWT_SECRET }).onConflictDoNothing({ target: appMeta.key });
  const [stored] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, JWT_SECRET_KEY));
  return { ...config, JWT_SECRET: stored!.value };
}
