import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Role } from '@vtc/shared/auth/auth-schemas';

/** `sessionId` is the refresh-token family the access token was issued with. */
export type AccessClaims = { userId: number; role: Role; sessionId?: string };

export type AccessTokens = {
  sign(claims: AccessClaims): Promise<string>;
  /** Returns the claims, or 'expired' / 'invalid'. */
  verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'>;
};

function decodePart(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signs with jose; verifies HS256 with node:crypto directly, since every authenticated request
 * pays for it (about 5 µs instead of 140 µs through WebCrypto). Only HS256 tokens with an
 * expiry are accepted.
 */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, role, sessionId }) =>
      new SignJWT({ role, ...(sessionId && { sid: sessionId }) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const [head, body, signature, ...rest] = token.split('.');
      if (head === undefined || body === undefined || signature === undefined || rest.length > 0) return 'invalid';
      const header = decodePart(head);
      if (header?.alg !== 'HS256' || header.crit !== undefined) return 'invalid';
      const expected = createHmac('sha256', key).update(`${head}.${body}`).digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      const payload = decodePart(body);
      const now = Math.floor(Date.now() / 1000);
      if (!payload || typeof payload.exp !== 'number') return 'invalid';
      if (typeof payload.nbf === 'number' && payload.nbf > now) return 'invalid';
      if (payload.exp <= now) return 'expired';
      const userId = Number(payload.sub);
      const role = payload.role;
      if (!Number.isInteger(userId) || (role !== 'user' && role !== 'admin')) return 'invalid';
      return { userId, role, ...(typeof payload.sid === 'string' && { sessionId: payload.sid }) };
    },
  };
}
