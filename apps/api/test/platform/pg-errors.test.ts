import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isConnectionError } from '../../src/platform/lib/pg-errors.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);

describe('isConnectionError', () => {
  it.each([
    ['a terminated backend (57P01) inside a drizzle error', wrapped(withCode('57P01', 'terminating connection due to administrator command'))],
    ['a server crash (57P02)', withCode('57P02')],
    ['a server starting up (57P03)', wrapped(withCode('57P03', 'the database system is starting up'))],
    ['connection exception class 08', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['a refused socket', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset socket', wrapped(withCode('ECONNRESET', 'read ECONNRESET'))],
    ['a refusal on every address', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed')],
    ["node-postgres's lost connection", wrapped(new Error('Connection terminated unexpectedly'))],
    ["pg-pool's connect timeout", new Error('timeout exceeded when trying to connect')],
  ])('is true for %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505', 'duplicate key value violates unique constraint'))],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
  ])('is false for %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});
