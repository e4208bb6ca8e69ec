import { describe, expect, it } from 'vitest';
import { expiresWithin, readJwtExpiry } from './jwt';

function tokenWith(payload: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('readJwtExpiry', () => {
  it('reads exp from a base64url payload', () => {
    expect(readJwtExpiry(tokenWith({ sub: 'é?>', exp: 1_800_000_000 }))).toBe(1_800_000_000);
  });

  it('gives null for malformed tokens or a missing exp', () => {
    expect(readJwtExpiry('not-a-token')).toBeNull();
    expect(readJwtExpiry('a.%%%.c')).toBeNull();
    expect(readJwtExpiry(tokenWith({ sub: 1 }))).toBeNull();
  });
});

describe('expiresWithin', () => {
  const now = 1_000_000_000_000;
  it('is true when the token expires inside the margin', () => {
    expect(expiresWithin(tokenWith({ exp: now / 1000 + 20 }), 30_000, now)).toBe(true);
    expect(expiresWithin(tokenWith({ exp: now / 1000 - 5 }), 30_000, now)).toBe(true);
  });

  it('is false when the token lives longer than the margin', () => {
    expect(expiresWithin(tokenWith({ exp: now / 1000 + 120 }), 30_000, now)).toBe(false);
  });

  it('is false when the token has no readable expiry', () => {
    expect(expiresWithin(tokenWith({ sub: 1 }), 30_000, now)).toBe(false);
    expect(expiresWithin('not-a-jwt', 30_000, now)).toBe(false);
  });
});
