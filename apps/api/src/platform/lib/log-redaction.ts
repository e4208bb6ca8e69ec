import type { FastifyRequest } from 'fastify';

/**
 * What the logs must never hold (decision 0052): link tokens (password reset, booking decision,
 * deposit), access and refresh tokens, passwords and their hashes. Request URLs lose their
 * token-like parts, database errors their statement parameters and the row they quote.
 */

export const REDACTED = '[redacted]';

/** Query parameters whose value is a secret by name. */
const SECRET_PARAM = /token|secret|password|signature|session_id|^code$|key$/i;
/** A path segment that looks like an opaque token (32 random bytes in base64url, a hex digest) or a JWT. */
const SECRET_SEGMENT = /^(?:[A-Za-z0-9_-]{32,}|[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})$/;

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL with the values of secret query parameters and token-like path segments replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = queryAt === -1 ? url : url.slice(0, queryAt);
  const path = pathPart
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(decodeSafely(segment)) ? REDACTED : segment))
    .join('/');
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      return SECRET_PARAM.test(decodeSafely(name)) || SECRET_SEGMENT.test(decodeSafely(value)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * Error fields dropped: a database error's statement parameters (drizzle's `params`) and the
 * server's `detail`, which quotes the values of the row ("Failing row contains (…)", "Key (…)=(…)").
 */
const DROPPED_ERROR_FIELDS = new Set(['params', 'parameters', 'detail']);

/**
 * Keys whose value is a secret, compared lower-cased without separators: credential headers
 * (authorization, proxy-authorization, cookie, set-cookie, x-api-key, stripe-signature,
 * paypal-auth-*, paypal-transmission-sig) and fields that name a secret (password, secret,
 * client_secret, token, access_token, refreshToken, tokenHash, apiKey, credentials…).
 */
const SECRET_KEY = /authorization|cookie|passw|secret|token|apikey|privatekey|credential|signature|^paypalauth|transmissionsig/;
const isSecretKey = (key: string) => SECRET_KEY.test(key.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** Credentials in text: "Bearer <token>" always; "Basic <x>" when x looks like base64 rather than a word. */
const BEARER = /\b(bearer)(\s+)[A-Za-z0-9\-._~+/]+=*/gi;
const BASIC = /\b(basic)(\s+)([A-Za-z0-9+/]+=*)/gi;
/** A secret field inside text: JSON (`"access_token":"…"`) or a form (`client_secret=…`). */
const SECRET_FIELD = /(["']?)\b(access_token|refresh_token|id_token|client_secret|password|api_key|apikey)\1(\s*[:=]\s*)(["']?)[^"'&\s,;}]+/gi;
const ABSOLUTE_URL = /\bhttps?:\/\/[^\s"'<>\\]+/g;

/** Text with credentials, secret fields and the secret parts of URLs replaced. */
function redactText(text: string): string {
  return text
    .replace(BEARER, `$1$2${REDACTED}`)
    .replace(BASIC, (whole, scheme: string, space: string, value: string) =>
      /[0-9+/=]/.test(value) || /[A-Z]/.test(value.slice(1)) || value.length >= 16 ? `${scheme}${space}${REDACTED}` : whole,
    )
    .replace(SECRET_FIELD, `$1$2$1$3$4${REDACTED}`)
    .replace(ABSOLUTE_URL, (url) => redactUrl(url));
}

/** Beyond this depth a logged value is cut: a log line is not a heap dump. */
const MAX_DEPTH = 10;

type ErrorLike = Error & Record<string, unknown>;

function isErrorLike(value: unknown): value is ErrorLike {
  return value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string');
}

/** Drizzle's message is "Failed query: <sql>\nparams: <values>": the values go. */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at === -1 ? message : message.slice(0, at);
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * Pino's shape (type, message, stack) and every own field, enumerable or not (`cause`, an HTTP
 * client's `request`, `response`, `config`), each redacted; `errors` as `aggregateErrors`.
 */
function serializeErrorLike(error: ErrorLike, ancestors: WeakSet<object>, depth: number): SerializedError {
  const message = withoutParams(error.message);
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message: redactText(message),
    stack: typeof error.stack === 'string' ? redactText(error.stack.replace(error.message, message)) : '',
  };
  ancestors.add(error);
  for (const key of Object.getOwnPropertyNames(error)) {
    if (DROPPED_ERROR_FIELDS.has(key) || key in serialized) continue;
    const value = error[key];
    if (key === 'errors' && Array.isArray(value)) serialized.aggregateErrors = redactValue(value, ancestors, depth + 1);
    else serialized[key] = isSecretKey(key) && isSecretValue(value) ? REDACTED : redactValue(value, ancestors, depth + 1);
  }
  ancestors.delete(error);
  return serialized;
}

/** Counts and flags under a secret-sounding key (`refreshTokens: 3` purged) stay readable. */
const isSecretValue = (value: unknown) => typeof value === 'string' || (typeof value === 'object' && value !== null);

/** An HTTP message or a stream: what it is and its headers, not its sockets and buffers. */
function describeStream(value: Record<string, unknown>): Record<string, unknown> {
  const headers = typeof value.getHeaders === 'function' ? (value.getHeaders as () => unknown)() : value.headers;
  return Object.fromEntries(
    Object.entries({
      type: value.constructor?.name,
      method: value.method,
      url: value.url,
      path: value.path,
      host: value.host,
      statusCode: value.statusCode,
      headers,
    }).filter(([, field]) => field !== undefined && typeof field !== 'function'),
  );
}

function redactValue(value: unknown, ancestors: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value !== 'object' || value === null) return value;
  if (ancestors.has(value)) return '[Circular]';
  if (depth > MAX_DEPTH) return '[…]';
  if (value instanceof Date) return value;
  if (value instanceof URL) return redactUrl(value.href);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (value instanceof Error) return serializeErrorLike(value as ErrorLike, ancestors, depth);
  ancestors.add(value);
  let redacted: unknown;
  if (Array.isArray(value)) redacted = value.map((item) => redactValue(item, ancestors, depth + 1));
  else if (value instanceof Map || value instanceof Headers) redacted = redactFields(Object.fromEntries(value.entries()), ancestors, depth);
  else if (typeof (value as { pipe?: unknown }).pipe === 'function') redacted = redactFields(describeStream(value as Record<string, unknown>), ancestors, depth);
  else if (typeof (value as { toJSON?: unknown }).toJSON === 'function') redacted = redactValue((value as { toJSON(): unknown }).toJSON(), ancestors, depth + 1);
  else redacted = redactFields(value as Record<string, unknown>, ancestors, depth);
  ancestors.delete(value);
  return redacted;
}

function redactFields(value: Record<string, unknown>, ancestors: WeakSet<object>, depth: number): Record<string, unknown> {
  const redacted: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    redacted[key] = isSecretKey(key) && isSecretValue(field) ? REDACTED : redactValue(field, ancestors, depth + 1);
  }
  return redacted;
}

/**
 * A value as it may be logged: secrets censored by key name (any case, any depth, in arrays, in
 * errors' own fields enumerable or not), credentials and token-bearing URLs cut from any text,
 * cycles and depth cut.
 */
export function redactLogValue(value: unknown): unknown {
  return redactValue(value, new WeakSet(), 0);
}

/**
 * Like pino's error serializer (type, message, stack, own fields), with the causes nested rather
 * than appended, and without statement parameters, quoted rows or secrets anywhere in the chain.
 */
export function serializeError(error: Error): SerializedError {
  return isErrorLike(error) ? serializeErrorLike(error, new WeakSet(), 0) : (error as unknown as SerializedError);
}

/** Fastify's request fields, with the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** The keys that have a serializer of their own: the formatter leaves them to it. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

/**
 * Logger options for Fastify: the serializers above, and a formatter that passes every other
 * field of a log call through `redactLogValue`, so a secret is cut wherever it sits.
 */
export const safeLoggerOptions = {
  serializers: { req: serializeRequest, err: serializeError, msg: (message: unknown) => (typeof message === 'string' ? redactText(message) : message) },
  formatters: {
    log(object: Record<string, unknown>): Record<string, unknown> {
      const redacted: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(object)) {
        if (SERIALIZED_KEYS.has(key)) redacted[key] = value;
        else redacted[key] = isSecretKey(key) && isSecretValue(value) ? REDACTED : redactLogValue(value);
      }
      return redacted;
    },
  },
};
