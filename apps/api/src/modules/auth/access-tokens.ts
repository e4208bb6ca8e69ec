import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@vtc/shared/auth/auth-schemas';

/** `sessionId` is the refresh-token family the access token was issued with. */
export type AccessClaims = { userId: number; role: Role; sessionId?: string };

export type AccessTokens = {
  sign(claims: AccessClaims): Promise<string>;
  /** Returns the claims, or 'expired' / 'invalid'. */
  verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'>;
};

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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const role = payload.role;
        if (!Number.isInteger(userId) || (role !== 'user' && role !== 'admin')) return 'invalid';
        return { userId, role, ...(typeof payload.sid === 'string' && { sessionId: payload.sid }) };
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
