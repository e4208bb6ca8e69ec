/** PostgreSQL SQLSTATE codes the API turns into answers for the caller. */
export const FOREIGN_KEY_VIOLATION = '23503';
export const UNIQUE_VIOLATION = '23505';

type PgLikeError = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * The PostgreSQL error inside a thrown value: drizzle wraps driver errors (node-postgres and
 * PGlite alike) in a DrizzleQueryError whose `cause` carries the SQLSTATE.
 */
function findPgError(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgLikeError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Whether `error` is a PostgreSQL error with this SQLSTATE (and, if given, this constraint). */
export function isPgError(error: unknown, code: string, constraint?: string): boolean {
  const found = findPgError(error);
  return found?.code === code && (constraint === undefined || found.constraint === constraint);
}

/** SQLSTATEs that mean the connection, not the statement, failed: the database is going or gone. */
const CONNECTION_SQLSTATE = /^(08...|57P01|57P02|57P03|53300)$/;
/** Socket errors of the driver reaching the database server. */
const CONNECTION_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres and pg-pool say these in plain Errors without a code. */
const CONNECTION_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Cannot use a pool after calling end)/;

/**
 * Whether `error` (or what it wraps) says the database cannot be reached right now: a killed
 * backend, a refused or reset socket, a pool that timed out connecting. Such a request may
 * succeed when retried later, so it is answered 503, not 500.
 */
export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (CONNECTION_SQLSTATE.test(candidate.code) || CONNECTION_ERRNO.has(candidate.code))) return true;
    if (typeof candidate.message === 'string' && CONNECTION_MESSAGE.test(candidate.message)) return true;
    // Node reports a refused connection to every address of a host as an AggregateError.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isConnectionError(inner))) return true;
    current = candidate.cause;
  }
  return false;
}
