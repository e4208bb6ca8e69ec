import { randomUUID } from 'node:crypto';

/** The admin created on first start of the e2e server (see playwright.config.ts). */
export const ADMIN_EMAIL = 'admin@e2e.test';
export const ADMIN_PASSWORD = 'Admin-e2e-password';

export interface NewUser {
  fullName: string;
  email: string;
  phone: string;
  password: string;
}

export function newUser(): NewUser {
  const id = randomUUID().slice(0, 8);
  return {
    fullName: `Client Test ${id}`,
    email: `client-${id}@e2e.test`,
    phone: '612345678',
    password: 'Client-e2e-password',
  };
}
