import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from '../../src/platform/http/access-tokens.ts';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-signing';
const tokens = createAccessTokens(SECRET, 900);
const key = new TextEncoder().encode(SECRET);

describe('access tokens', () => {
  it('reads back what it signed', async () => {
    const token = await tokens.sign({ userId: 42, role: 'admin', sessionId: 'family-1' });
    expect(await tokens.verify(token)).toEqual({ userId: 42, role: 'admin', sessionId: 'family-1' });
  });

  it('carries the account’s token version, and refuses one that is not a whole number', async () => {
    const token = await tokens.sign({ userId: 42, role: 'user', sessionId: 'family-2', tokenVersion: 3 });
    expect(await tokens.verify(token)).toEqual({ userId: 42, role: 'user', sessionId: 'family-2', tokenVersion: 3 });
    const odd = await new SignJWT({ role: 'user', ver: '3' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime('1h').sign(key);
    expect(await tokens.verify(odd)).toBe('invalid');
  });

  it('tells an expired token from an invalid one', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').setExpirationTime(past).sign(key);
    expect(await tokens.verify(expired)).toBe('expired');
  });

  it('refuses tampering, other algorithms, missing expiry and garbage', async () => {
    const token = await tokens.sign({ userId: 1, role: 'user' });
    const [head, , signature] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ sub: '1', role: 'admin', exp: 9_999_999_999 })).toString('base64url');
    expect(await tokens.verify(`${head}.${forgedBody}.${signature}`)).toBe('invalid');
    expect(await tokens.verify(new UnsecuredJWT({ role: 'admin' }).setSubject('1').setExpirationTime('1h').encode())).toBe('invalid');
    const noExpiry = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject('1').sign(key);
    expect(await tokens.verify(noExpiry)).toBe('invalid');
    const otherKey = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-xxxxxxxx'));
    expect(await tokens.verify(otherKey)).toBe('invalid');
    const hs512 = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS512' }).setSubject('1').setExpirationTime('1h').sign(key);
    expect(await tokens.verify(hs512)).toBe('invalid');
    for (const junk of ['', 'a.b', 'a.b.c', 'a.b.c.d', `${head}.!!!.${signature}`]) expect(await tokens.verify(junk)).toBe('invalid');
  });

  it('refuses a signature with characters appended, alg none and an asymmetric algorithm', async () => {
    const token = await tokens.sign({ userId: 8, role: 'user' });
    for (const extra of ['A', 'AA', 'x', '=', 'AAAA']) expect(await tokens.verify(`${token}${extra}`)).toBe('invalid');
    const [, body, signature] = token.split('.');
    const header = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(await tokens.verify(`${header({ alg: 'none', typ: 'JWT' })}.${body}.`)).toBe('invalid');
    expect(await tokens.verify(`${header({ alg: 'none' })}.${body}.${signature}`)).toBe('invalid');
    expect(await tokens.verify(`${header({ alg: 'RS256' })}.${body}.${signature}`)).toBe('invalid');
  });

  describe('a token already verified', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('still expires, and is not valid before its nbf', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-01-01T12:00:00Z'));
      const short = createAccessTokens(SECRET, 60);
      const token = await short.sign({ userId: 7, role: 'user' });
      expect(await short.verify(token)).toEqual({ userId: 7, role: 'user' });
      vi.setSystemTime(new Date('2030-01-01T12:00:59Z'));
      expect(await short.verify(token)).toEqual({ userId: 7, role: 'user' });
      vi.setSystemTime(new Date('2030-01-01T12:01:00Z'));
      expect(await short.verify(token)).toBe('expired');

      const nbf = Math.floor(Date.now() / 1000) + 30;
      const later = await new SignJWT({ role: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject('3').setNotBefore(nbf).setExpirationTime(nbf + 60).sign(key);
      vi.setSystemTime((nbf + 1) * 1000);
      expect(await tokens.verify(later)).toEqual({ userId: 3, role: 'user' });
      vi.setSystemTime((nbf - 1) * 1000);
      expect(await tokens.verify(later)).toBe('invalid');
    });

    it('is remembered only for the exact text that was signed', async () => {
      const token = await tokens.sign({ userId: 5, role: 'user' });
      expect(await tokens.verify(token)).toEqual({ userId: 5, role: 'user' });
      const [head, body, signature] = token.split('.');
      const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'AB' : 'AA'}`;
      expect(await tokens.verify(`${head}.${body}.${flipped}`)).toBe('invalid');
    });
  });
});
