import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@vtc/shared/auth/auth-schemas';
import type { Database } from '../../src/platform/db/client.ts';
import { mailOutbox } from '../../src/platform/db/schema.ts';
import { upsertAdmin } from '../../src/accounts/auth/ensure-admin.ts';

let counter = 0;

export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}@example.test`;
}

export const PASSWORD = 'correct-horse-battery';

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{ email: string; password: string; fullName: string; phone: string }> = {},
  options: { verify?: boolean } = {},
): Promise<LoginResponse & { password: string }> {
  const password = overrides.password ?? PASSWORD;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      fullName: overrides.fullName ?? 'Camille Martin',
      email: overrides.email ?? uniqueEmail(),
      phone: overrides.phone ?? '+33612345678',
      password,
      confirmPassword: password,
      acceptTerms: true,
    },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const session = response.json() as LoginResponse;
  // Most tests play a customer who followed the link; `verify: false` plays one who has not yet.
  if (options.verify ?? true) await verifyAddress(app, session.user.email);
  return { ...session, password };
}

/** The token of the newest verification link written to the outbox for this address. */
export async function verificationToken(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.db
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'email_verification'), eq(mailOutbox.toAddress, email)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = mail?.text.match(/\/verify-email\?token=([\w%-]+)/)?.[1];
  if (!token) throw new Error(`no verification link for ${email}`);
  return decodeURIComponent(token);
}

/** Follows the verification link mailed to this address, as its owner would. */
export async function verifyAddress(app: FastifyInstance, email: string): Promise<void> {
  const token = await verificationToken(app, email);
  const response = await app.inject({ method: 'POST', url: '/api/auth/verifyEmail', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
}

export async function loginAdmin(app: FastifyInstance, database: Database): Promise<LoginResponse> {
  const email = uniqueEmail('admin');
  await upsertAdmin(database.db, { email, password: PASSWORD });
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return response.json() as LoginResponse;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
