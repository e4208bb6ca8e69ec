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
