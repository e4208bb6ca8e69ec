import { translateMessage } from '@vtc/shared/i18n/error-messages';
import { expireSession, getSession, reloadSession, storeTokens } from './auth-session';
import { expiresWithin } from './jwt';
import { getStoredLanguage } from './language';

export const API_BASE = '/api';
/** Refresh the access token when it expires within this margin. */
const REFRESH_MARGIN_MS = 30_000;

export interface ApiFieldError {
  path: string;
  message: string;
}

/** An error answered by the API: `{ message, code, errors? }`, message already translated. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly errors: readonly ApiFieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | undefined | null;

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Send the bearer token when one is stored (default true). */
  authenticated?: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined;
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const language = getStoredLanguage();
  if (isRecord(body) && typeof body.message === 'string') {
    const errors = Array.isArray(body.errors)
      ? body.errors.filter(
          (item): item is ApiFieldError =>
            isRecord(item) && typeof item.path === 'string' && typeof item.message === 'string',
        )
      : [];
    return new ApiError(status, body.message, typeof body.code === 'string' ? body.code : 'error', errors);
  }
  const key = status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : 'internal_error';
  return new ApiError(status, translateMessage(key, language), key);
}

function networkError(): ApiError {
  return new ApiError(0, translateMessage('service_unavailable', getStoredLanguage()), 'network_error');
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * Exchanges the refresh token for a new access token. Refresh tokens are single-use and every
 * tab shares them through local storage, so a refusal may only mean another tab rotated the
 * token first: the session then continues with that tab's tokens rather than signing out (if
 * their access token is refused in turn, apiFetch refreshes once more with their refresh token).
 */
async function requestNewToken(): Promise<string | null> {
  const auth = getSession().auth;
  if (!auth) return null;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/auth/refreshToken`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': getStoredLanguage(),
      },
      body: JSON.stringify({ refresh_token: auth.refreshToken }),
    });
  } catch {
    throw networkError();
  }
  const body = await readBody(response);
  if (response.status === 401) {
    const stored = reloadSession().auth;
    if (stored && stored.refreshToken !== auth.refreshToken) return stored.token;
    expireSession();
    throw toApiError(401, body);
  }
  if (!response.ok) throw toApiError(response.status, body);
  if (!isRecord(body) || typeof body.token !== 'string') throw toApiError(500, undefined);
  // The server rotates refresh tokens: keep the new one when given.
  storeTokens({
    token: body.token,
    refreshToken: typeof body.refreshToken === 'string' ? body.refreshToken : auth.refreshToken,
  });
  return body.token;
}

/** One refresh at a time: concurrent calls share the same promise. */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= requestNewToken().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function freshAccessToken(): Promise<string | null> {
  const auth = getSession().auth;
  if (!auth?.token || !auth.refreshToken) return null;
  if (refreshInFlight) return refreshInFlight;
  if (expiresWithin(auth.token, REFRESH_MARGIN_MS)) return refreshAccessToken();
  return auth.token;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * Calls the API under /api. Adds Accept-Language and, when a session exists, a bearer token
 * refreshed beforehand if it is about to expire. Throws ApiError on any non-2xx answer.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, authenticated = true } = options;
  const url = buildUrl(path, query);

  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': getStoredLanguage(),
    };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetch(url, { method, headers, body: payload, signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw networkError();
    }
  };

  const token = authenticated ? await freshAccessToken() : null;
  let response = await send(token);
  // The token was refused although it looked valid (clock skew, revoked): refresh once, retry.
  if (response.status === 401 && token) {
    const renewed = await refreshAccessToken();
    if (renewed) response = await send(renewed);
  }
  const data = await readBody(response);
  if (!response.ok) throw toApiError(response.status, data);
  return data as T;
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return translateMessage('internal_error', getStoredLanguage());
}
