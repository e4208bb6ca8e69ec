import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '@vtc/shared/auth/auth-schemas';
import type { Database } from '../../src/platform/db/client.ts';
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
  return { ...(response.json() as LoginResponse), password };
}

export async function loginAdmin(app: FastifyInstance, database: Database): Promise<LoginResponse> {
  const email = uniqueEmail('admin');
  await upsertAdmin(database.db, { email, password: PASSWORD });
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
  if (response.statusCode !== 200) throw new Error(`admin login failed: ${response.body}`);
  return response.json() as LoginResponse;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
