import type { ErrorResponse } from '@vtc/shared/api/api-responses';
import { transportMessage } from '@vtc/shared/i18n/transport-messages';
import { endRestore, expireSession, getSession, signOut, storeToken } from './auth-session';
import { expiresWithin } from './jwt';
import { getStoredLanguage } from './language';

export const API_BASE = '/api';
/** Refresh the access token when it expires within this margin. */
const REFRESH_MARGIN_MS = 30_000;

/** One entry of an error's `errors`: the field at fault and its translated message. */
export type ApiFieldError = NonNullable<ErrorResponse['errors']>[number];

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
  /** Headers of this call (e.g. a visitor's X-Quote-Token); Accept, language and token are set here. */
  headers?: Record<string, string>;
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
  return new ApiError(status, transportMessage(key, language), key);
}

function networkError(): ApiError {
  return new ApiError(0, transportMessage('service_unavailable', getStoredLanguage()), 'network_error');
}

let refreshInFlight: Promise<string | null> | null = null;

/** Tabs of one browser share the refresh cookie: one refresh at a time among them. */
async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task();
  let result: { value: T } | undefined;
  await locks.request('vtc-refresh', async () => {
    result = { value: await task() };
  });
  if (!result) throw networkError();
  return result.value;
}

/**
 * Trades the refresh cookie for a new access token. The cookie is single-use and shared by every
 * tab, so a tab that waited for another's refresh takes the token that tab announced instead of
 * spending the cookie again; a refusal while another tab's token arrived keeps the session too.
 */
async function requestNewToken(): Promise<string | null> {
  const session = getSession();
  if (!session.user) return null;
  const before = session.auth?.token ?? null;
  return withRefreshLock(async () => {
    const announced = getSession().auth?.token ?? null;
    if (announced && announced !== before && !expiresWithin(announced, REFRESH_MARGIN_MS)) return announced;
    let response: Response;
    try {
      response = await fetch(`${API_BASE}/auth/refreshToken`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'Accept-Language': getStoredLanguage(),
        },
        body: '{}',
      });
    } catch {
      throw networkError();
    }
    const body = await readBody(response);
    if (response.status === 401) {
      const latest = getSession().auth?.token ?? null;
      if (latest && latest !== before && latest !== announced) return latest;
      if (getSession().restoring) endRestore();
      else expireSession();
      throw toApiError(401, body);
    }
    if (!response.ok) throw toApiError(response.status, body);
    if (!isRecord(body) || typeof body.token !== 'string') throw toApiError(500, undefined);
    storeToken(body.token);
    return body.token;
  });
}

/** One refresh at a time: concurrent calls share the same promise. */
export function refreshAccessToken(): Promise<string | null> {
  refreshInFlight ??= requestNewToken().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** After a reload, the stored user gets an access token again through the cookie. */
export function restoreSession(): Promise<string | null> {
  if (!getSession().restoring) return Promise.resolve(getSession().auth?.token ?? null);
  return refreshAccessToken().catch(() => null);
}

async function freshAccessToken(): Promise<string | null> {
  const session = getSession();
  if (session.restoring) return restoreSession();
  const token = session.auth?.token;
  if (!token) return null;
  if (refreshInFlight) return refreshInFlight;
  if (expiresWithin(token, REFRESH_MARGIN_MS)) return refreshAccessToken();
  return token;
}

/** Revokes the session on the server (its refresh cookie) and forgets it in every tab. */
export async function signOutEverywhere(): Promise<void> {
  const token = getSession().auth?.token;
  signOut();
  try {
    await fetch(`${API_BASE}/auth/logout`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(token && { Authorization: `Bearer ${token}` }),
      },
      body: '{}',
    });
  } catch {
    // Offline: the cookie stays until it expires, but this browser has forgotten the session.
  }
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
  const response = await apiResponse(path, options);
  return (await readBody(response)) as T;
}

/**
 * The body of an answer to a request sent before the app started (index.html's early request of
 * step two, docs/decisions/0124), read as `apiFetch` reads its own: a non-2xx answer throws ApiError.
 */
export async function readApiAnswer<T>(answer: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await answer;
  } catch {
    throw networkError();
  }
  if (!response.ok) throw toApiError(response.status, await readBody(response));
  return (await readBody(response)) as T;
}

/** The API's answer to a call made as `apiFetch` makes it; a non-2xx answer throws ApiError. */
async function apiResponse(path: string, options: ApiFetchOptions, accept = 'application/json'): Promise<Response> {
  const { method = 'GET', body, query, signal, authenticated = true, headers: extraHeaders } = options;
  const url = buildUrl(path, query);

  const send = async (token: string | null): Promise<Response> => {
    const headers: Record<string, string> = {
      ...extraHeaders,
      Accept: accept,
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
  if (!response.ok) throw toApiError(response.status, await readBody(response));
  return response;
}

/** The file name a download's Content-Disposition gives, else `fallback`. */
export function attachmentName(disposition: string | null, fallback: string): string {
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Downloads a file the API serves to a signed-in user (a PDF, a CSV): fetched with the bearer
 * token like any call, then saved under the name the API gives. Throws ApiError as apiFetch does.
 */
export async function apiDownload(path: string, options: Pick<ApiFetchOptions, 'query'> & { fallbackName: string }): Promise<void> {
  const response = await apiResponse(path, { query: options.query }, '*/*');
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = attachmentName(response.headers.get('content-disposition'), options.fallbackName);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Let the browser start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return transportMessage('internal_error', getStoredLanguage());
}
