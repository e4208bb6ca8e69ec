/** Reads the `exp` claim (seconds since epoch) of a JWT without verifying it; null if absent. */
export function readJwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * True when the token expires within `marginMs`. A token without a readable expiry counts as not
 * expiring: it is sent as is, and a 401 answer then triggers the refresh.
 */
export function expiresWithin(token: string, marginMs: number, now = Date.now()): boolean {
  const exp = readJwtExpiry(token);
  if (exp === null) return false;
  return exp * 1000 - now <= marginMs;
}
