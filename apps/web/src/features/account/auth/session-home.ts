import type { LoginResponse } from '@vtc/shared/auth/auth-schemas';

/** Where a new session goes when nothing asked for another page: the admin area for admins, else home. */
export function sessionHome(response: Pick<LoginResponse, 'user'>): string {
  return response.user.role === 'admin' ? '/dashboard' : '/';
}
