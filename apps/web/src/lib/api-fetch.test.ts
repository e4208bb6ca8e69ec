import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiFetch from './api-fetch';
import type * as AuthSession from './auth-session';

// The modules read browser storage when they load, so they are imported after the stubs.
type ApiModule = typeof ApiFetch;
type SessionModule = typeof AuthSession;

const store = new Map<string, string>();
const localStorageStub = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
};

function tokenExpiringIn(seconds: number, marker: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode({ exp: Math.floor(Date.now() / 1000) + seconds, marker })}.sig`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const user = { id: 1, email: 'a@b.fr', full_name: 'A B', phone: '+33612345678', role: 'user' as const };

let api: ApiModule;
let session: SessionModule;
const fetchMock = vi.fn<typeof fetch>();
const storageListeners: ((event: { key: string | null }) => void)[] = [];

beforeAll(async () => {
  vi.stubGlobal('window', {
    localStorage: localStorageStub,
    addEventListener: (type: string, listener: (event: { key: string | null }) => void) => {
      if (type === 'storage') storageListeners.push(listener);
    },
  });
  vi.stubGlobal('fetch', fetchMock);
  session = await import('./auth-session');
  api = await import('./api-fetch');
});

beforeEach(() => {
  store.clear();
  fetchMock.mockReset();
  session.signOut();
});

afterEach(() => {
  vi.clearAllMocks();
});

describe('apiFetch', () => {
  it('sends Accept-Language from the stored language and no token without a session', async () => {
    store.set('language', 'ar');
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await api.apiFetch('/config/public');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/config/public');
    const headers = init?.headers as Record<string, string>;
    expect(headers['Accept-Language']).toBe('ar');
    expect(headers.Authorization).toBeUndefined();
  });

  it('refreshes a token about to expire once for concurrent calls and stores both new tokens', async () => {
    session.startSession({ token: tokenExpiringIn(10, 'old'), refreshToken: 'refresh-1' }, user);
    const fresh = tokenExpiringIn(900, 'new');
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/refreshToken') return json(200, { token: fresh, refreshToken: 'refresh-2' });
      return json(200, { data: [] });
    });

    await Promise.all([api.apiFetch('/user/getAll'), api.apiFetch('/profile/getAll')]);

    const refreshCalls = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/auth/refreshToken');
    expect(refreshCalls).toHaveLength(1);
    expect(JSON.parse(String(refreshCalls[0]![1]?.body))).toEqual({ refresh_token: 'refresh-1' });
    const authHeaders = fetchMock.mock.calls
      .filter(([input]) => String(input) !== '/api/auth/refreshToken')
      .map(([, init]) => (init?.headers as Record<string, string>).Authorization);
    expect(authHeaders).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(JSON.parse(store.get('auth')!)).toEqual({ token: fresh, refreshToken: 'refresh-2' });
  });

  it('signs out and reports the expiry when the refresh token is refused', async () => {
    session.startSession({ token: tokenExpiringIn(5, 'old'), refreshToken: 'stale' }, user);
    const expired = vi.fn();
    const stop = session.onSessionExpired(expired);
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Session invalide', code: 'refresh_token_invalid' }));

    await expect(api.apiFetch('/profile/getAll')).rejects.toMatchObject({ status: 401, message: 'Session invalide' });
    expect(expired).toHaveBeenCalledOnce();
    expect(store.has('auth')).toBe(false);
    expect(store.has('user')).toBe(false);
    stop();
  });

  it('continues with the tokens another tab rotated when our refresh is refused', async () => {
    session.startSession({ token: tokenExpiringIn(5, 'old'), refreshToken: 'refresh-1' }, user);
    const expired = vi.fn();
    const stop = session.onSessionExpired(expired);
    // The other tab spent refresh-1 first; its `storage` event has not reached this tab yet.
    const otherTabToken = tokenExpiringIn(900, 'other-tab');
    store.set('auth', JSON.stringify({ token: otherTabToken, refreshToken: 'refresh-2' }));
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/refreshToken') return json(401, { message: 'Session invalide', code: 'refresh_token_invalid' });
      return json(200, { data: 'ok' });
    });

    await expect(api.apiFetch('/profile/getAll')).resolves.toEqual({ data: 'ok' });

    expect(expired).not.toHaveBeenCalled();
    expect(session.getSession().auth).toEqual({ token: otherTabToken, refreshToken: 'refresh-2' });
    expect(store.has('user')).toBe(true);
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/profile/getAll')!;
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${otherTabToken}`);
    stop();
  });

  it('refreshes with the rotated token when the access token the other tab left is refused', async () => {
    session.startSession({ token: tokenExpiringIn(5, 'old'), refreshToken: 'refresh-1' }, user);
    const otherTabToken = tokenExpiringIn(600, 'other-tab');
    store.set('auth', JSON.stringify({ token: otherTabToken, refreshToken: 'refresh-2' }));
    const fresh = tokenExpiringIn(900, 'new');
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'Session invalide', code: 'refresh_token_invalid' }))
      .mockResolvedValueOnce(json(401, { message: 'expired', code: 'token_expired' }))
      .mockResolvedValueOnce(json(200, { token: fresh, refreshToken: 'refresh-3' }))
      .mockResolvedValueOnce(json(200, { data: 'ok' }));

    await expect(api.apiFetch('/profile/getAll')).resolves.toEqual({ data: 'ok' });

    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${otherTabToken}`);
    expect(JSON.parse(String(fetchMock.mock.calls[2]![1]?.body))).toEqual({ refresh_token: 'refresh-2' });
    expect((fetchMock.mock.calls[3]![1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
    expect(JSON.parse(store.get('auth')!)).toEqual({ token: fresh, refreshToken: 'refresh-3' });
  });

  it('follows a sign-out made in another tab', () => {
    session.startSession({ token: tokenExpiringIn(600, 'a'), refreshToken: 'refresh-1' }, user);
    store.delete('auth');
    store.delete('user');
    for (const listener of storageListeners) listener({ key: 'auth' });
    expect(session.getSession()).toEqual({ auth: null, user: null });
  });

  it('turns an error answer into an ApiError with its field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { message: 'Certaines informations sont invalides', code: 'validation_failed', errors: [{ path: 'email', message: 'Adresse e-mail invalide' }] }),
    );
    const error = await api.apiFetch('/auth/login', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(api.ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', errors: [{ path: 'email', message: 'Adresse e-mail invalide' }] });
  });

  it('retries once with a refreshed token when a valid-looking token is refused', async () => {
    session.startSession({ token: tokenExpiringIn(600, 'revoked'), refreshToken: 'refresh-1' }, user);
    const fresh = tokenExpiringIn(900, 'new');
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired', code: 'token_expired' }))
      .mockResolvedValueOnce(json(200, { token: fresh, refreshToken: 'refresh-2' }))
      .mockResolvedValueOnce(json(200, { data: 'ok' }));
    await expect(api.apiFetch('/profile/getAll')).resolves.toEqual({ data: 'ok' });
    expect((fetchMock.mock.calls[2]![1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
  });
});
