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
/** Another tab of the same browser. */
const otherTab = new BroadcastChannel('vtc-session');

/** Resolves when the session changes (a message from another tab is delivered asynchronously). */
function nextSessionChange(): Promise<void> {
  return new Promise((resolve) => {
    const stop = session.subscribeSession(() => {
      stop();
      resolve();
    });
  });
}

const refreshCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/auth/refreshToken');

beforeAll(async () => {
  // A token left by an earlier version, which kept tokens in local storage.
  store.set('auth', JSON.stringify({ token: 'old', refreshToken: 'old-refresh' }));
  store.set('user', JSON.stringify(user));
  vi.stubGlobal('window', { localStorage: localStorageStub });
  vi.stubGlobal('fetch', fetchMock);
  session = await import('./auth-session');
  api = await import('./api-fetch');
});

beforeEach(() => {
  fetchMock.mockReset();
});

afterEach(() => {
  session.signOut();
  store.clear();
  vi.clearAllMocks();
});

describe('session restored through the refresh cookie', () => {
  it('drops tokens an earlier version stored, and fetches an access token with the cookie on load', async () => {
    expect(store.has('auth')).toBe(false);
    expect(session.getSession()).toMatchObject({ auth: null, restoring: true });
    const fresh = tokenExpiringIn(900, 'restored');
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/auth/refreshToken' ? json(200, { token: fresh }) : json(200, { data: 'ok' }),
    );

    await expect(api.apiFetch('/profile/getAll')).resolves.toEqual({ data: 'ok' });

    const [, init] = refreshCalls()[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{}' });
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
    expect(session.getSession()).toMatchObject({ auth: { token: fresh }, restoring: false });
    expect([...store.values()].join()).not.toContain(fresh);
  });
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

  it('refreshes a token about to expire once for concurrent calls, keeping the token out of storage', async () => {
    session.startSession({ token: tokenExpiringIn(10, 'old') }, user);
    const fresh = tokenExpiringIn(900, 'new');
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/refreshToken') return json(200, { token: fresh });
      return json(200, { data: [] });
    });

    await Promise.all([api.apiFetch('/user/getAll'), api.apiFetch('/profile/getAll')]);

    expect(refreshCalls()).toHaveLength(1);
    const authHeaders = fetchMock.mock.calls
      .filter(([input]) => String(input) !== '/api/auth/refreshToken')
      .map(([, init]) => (init?.headers as Record<string, string>).Authorization);
    expect(authHeaders).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect([...store.keys()]).toEqual(['user']);
  });

  it('signs out and reports the expiry when the refresh cookie is refused', async () => {
    session.startSession({ token: tokenExpiringIn(5, 'old') }, user);
    const expired = vi.fn();
    const stop = session.onSessionExpired(expired);
    fetchMock.mockResolvedValueOnce(json(401, { message: 'Session invalide', code: 'refresh_token_invalid' }));

    await expect(api.apiFetch('/profile/getAll')).rejects.toMatchObject({ status: 401, message: 'Session invalide' });
    expect(expired).toHaveBeenCalledOnce();
    expect(store.has('user')).toBe(false);
    stop();
  });

  it('takes the token another tab announced instead of refreshing again', async () => {
    session.startSession({ token: tokenExpiringIn(5, 'old') }, user);
    const otherTabToken = tokenExpiringIn(900, 'other-tab');
    const delivered = nextSessionChange();
    otherTab.postMessage({ type: 'token', token: otherTabToken });
    await delivered;
    fetchMock.mockResolvedValueOnce(json(200, { data: 'ok' }));

    await expect(api.apiFetch('/profile/getAll')).resolves.toEqual({ data: 'ok' });

    expect(refreshCalls()).toHaveLength(0);
    expect((fetchMock.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${otherTabToken}`);
  });

  it('keeps the session when its refresh is refused because another tab’s refresh won the race', async () => {
    session.startSession({ token: tokenExpiringIn(5, 'old') }, user);
    const expired = vi.fn();
    const stop = session.onSessionExpired(expired);
    const otherTabToken = tokenExpiringIn(900, 'other-tab');
    fetchMock.mockImplementation(async (input) => {
      if (String(input) !== '/api/auth/refreshToken') return json(200, { data: 'ok' });
      // The other tab spent the cookie first; its announcement arrives before our answer.
      const delivered = nextSessionChange();
      otherTab.postMessage({ type: 'token', token: otherTabToken });
      await delivered;
      return json(401, { message: 'Session invalide', code: 'refresh_token_invalid' });
    });

    await expect(api.apiFetch('/profile/getAll')).resolves.toEqual({ data: 'ok' });

    expect(expired).not.toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/api/profile/getAll')!;
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${otherTabToken}`);
    stop();
  });

  it('follows a sign-in and a sign-out made in another tab', async () => {
    const token = tokenExpiringIn(600, 'a');
    let delivered = nextSessionChange();
    otherTab.postMessage({ type: 'signed-in', token, user: session.toStoredUser(user) });
    await delivered;
    expect(session.isSignedIn(session.getSession())).toBe(true);
    delivered = nextSessionChange();
    otherTab.postMessage({ type: 'signed-out' });
    await delivered;
    expect(session.getSession()).toEqual({ auth: null, user: null, restoring: false });
  });

  it('signs out on the server with the access token and the cookie', async () => {
    const token = tokenExpiringIn(600, 'a');
    session.startSession({ token }, user);
    fetchMock.mockResolvedValueOnce(json(200, { message: 'ok' }));
    await api.signOutEverywhere();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/logout');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect((init?.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
    expect(session.getSession().auth).toBeNull();
    expect(store.has('user')).toBe(false);
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
    session.startSession({ token: tokenExpiringIn(600, 'revoked') }, user);
    const fresh = tokenExpiringIn(900, 'new');
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'expired', code: 'token_expired' }))
      .mockResolvedValueOnce(json(200, { token: fresh }))
      .mockResolvedValueOnce(json(200, { data: 'ok' }));
    await expect(api.apiFetch('/profile/getAll')).resolves.toEqual({ data: 'ok' });
    expect((fetchMock.mock.calls[2]![1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${fresh}`);
  });
});

describe('attachmentName', () => {
  it('reads the file name of a download, else keeps the fallback', async () => {
    const { attachmentName } = await import('./api-fetch');
    expect(attachmentName('attachment; filename="F-2026-000001.pdf"', 'document.pdf')).toBe('F-2026-000001.pdf');
    expect(attachmentName('attachment; filename=factures-2026-11.csv', 'export.csv')).toBe('factures-2026-11.csv');
    expect(attachmentName(null, 'document.pdf')).toBe('document.pdf');
  });
});
