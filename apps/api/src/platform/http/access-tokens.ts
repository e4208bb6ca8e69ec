import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@vtc/shared/auth/auth-schemas';

/**
 * `sessionId` is the refresh-token family the access token was issued with; `tokenVersion` the
 * account's version then (claim `ver`; a token without it, from before versions, counts as 0).
 */
export type AccessClaims = { userId: number; role: Role; sessionId?: string; tokenVersion?: number };

export type AccessTokens = {
  sign(claims: AccessClaims): Promise<string>;
  /** Returns the claims, or 'expired' / 'invalid'. */
  verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'>;
};

/** Tokens whose signature was checked, remembered per process (a few thousand signed-in users). */
const MAX_VERIFIED = 10_000;

/**
 * A compact JWS is three unpadded base64url parts (RFC 7515 §2). jose's decoder tolerates a
 * trailing `=`, so one token would have several spellings; only the canonical one is accepted.
 */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * Signs and verifies with jose: HS256 only, expiry required. A token that passed is remembered
 * with its claims and times, so its next requests only compare those times with the clock
 * instead of paying for WebCrypto again.
 */
export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  type Checked = { claims: AccessClaims; exp: number; nbf: number | undefined };
  const verified = new Map<string, Checked>();
  const judge = (token: Checked): AccessClaims | 'expired' | 'invalid' => {
    const now = Math.floor(Date.now() / 1000);
    if (token.nbf !== undefined && token.nbf > now) return 'invalid';
    if (token.exp <= now) return 'expired';
    return token.claims;
  };
  return {
    sign: ({ userId, role, sessionId, tokenVersion }) =>
      new SignJWT({ role, ...(sessionId && { sid: sessionId }), ...(tokenVersion !== undefined && { ver: tokenVersion }) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    async verify(token) {
      const known = verified.get(token);
      if (known) return judge(known);
      if (!COMPACT_JWS.test(token)) return 'invalid';
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
      } catch (error) {
        return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
      const userId = Number(payload.sub);
      const role = payload.role;
      const version = payload.ver;
      if (!Number.isInteger(userId) || (role !== 'user' && role !== 'admin') || payload.exp === undefined) return 'invalid';
      if (version !== undefined && !Number.isInteger(version)) return 'invalid';
      const checked: Checked = {
        claims: {
          userId,
          role,
          ...(typeof payload.sid === 'string' && { sessionId: payload.sid }),
          ...(typeof version === 'number' && { tokenVersion: version }),
        },
        exp: payload.exp,
        nbf: payload.nbf,
      };
      const result = judge(checked);
      if (typeof result === 'object') {
        if (verified.size >= MAX_VERIFIED) verified.clear();
        verified.set(token, checked);
      }
      return result;
    },
  };
}
