import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

export const REFRESH_COOKIE = 'vtc_refresh';
/** Only the sign-in, refresh and sign-out calls ever carry it. */
const COOKIE_PATH = '/api/auth';

const COOKIE_OPTIONS = {
  httpOnly: true,
  // Chromium and Firefox keep Secure cookies on http://localhost and 127.0.0.1 too (decision 0056).
  secure: true,
  sameSite: 'strict',
  path: COOKIE_PATH,
} as const;

/** Hands the browser the refresh token where its scripts cannot read it. */
export function setRefreshCookie(reply: FastifyReply, config: Config, refreshToken: string): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, { ...COOKIE_OPTIONS, maxAge: config.REFRESH_TOKEN_TTL_DAYS * 24 * 3600 });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, COOKIE_OPTIONS);
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 200 ? value : undefined;
}
