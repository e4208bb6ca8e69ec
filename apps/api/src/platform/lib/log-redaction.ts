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
const DROPPED_ERROR_FIELDS = new Set(['params', 'parameters', 'detail', 'cause', 'errors']);

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

function serializeErrorLike(error: ErrorLike, depth: number): SerializedError {
  const message = withoutParams(error.message);
  const serialized: SerializedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: typeof error.stack === 'string' ? error.stack.replace(error.message, message) : '',
  };
  for (const key of Object.keys(error)) {
    if (DROPPED_ERROR_FIELDS.has(key) || key in serialized) continue;
    const value = error[key];
    serialized[key] = isErrorLike(value) && depth < 5 ? serializeErrorLike(value, depth + 1) : value;
  }
  if (depth < 5) {
    if (isErrorLike(error.cause)) serialized.cause = serializeErrorLike(error.cause, depth + 1);
    if (Array.isArray(error.errors)) {
      serialized.aggregateErrors = error.errors.map((inner: unknown) => (isErrorLike(inner) ? serializeErrorLike(inner, depth + 1) : inner));
    }
  }
  return serialized;
}

/**
 * Like pino's error serializer (type, message, stack, own fields), with the causes nested rather
 * than appended, and without statement parameters or quoted rows anywhere in the chain.
 */
export function serializeError(error: Error): SerializedError {
  return isErrorLike(error) ? serializeErrorLike(error, 0) : (error as unknown as SerializedError);
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

/**
 * Logger options for Fastify: the serializers above, and pino's `redact` for fields that hold a
 * secret by name wherever a log call passes them (headers, bodies, user rows).
 */
export const safeLoggerOptions = {
  serializers: { req: serializeRequest, err: serializeError },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      'res.headers["set-cookie"]',
      '*.password',
      '*.passwordHash',
      '*.password_hash',
      '*.token',
      '*.refreshToken',
      '*.refresh_token',
      '*.tokenHash',
      '*.token_hash',
      'password',
      'passwordHash',
      'token',
      'refreshToken',
    ],
    censor: REDACTED,
  },
};
