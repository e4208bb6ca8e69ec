import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@vtc/shared/auth/auth-schemas';

export type AccessClaims = { userId: number; role: Role };

export type AccessTokens = {
  sign(claims: AccessClaims): Promise<string>;
  /** Returns the claims, or 'expired' / 'invalid'. */
  verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'>;
};

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, role }) =>
      new SignJWT({ role })
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
        return { userId, role };
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
