import type { AnyMessageKey as MessageKey } from '@vtc/shared/i18n/server-messages';

export type FieldError = { path: string; message: string };

/** An amount in an error's message, written as euros in the reader's language (decision 0142). */
export type MoneyParam = { euroCents: number };
type ErrorParam = string | number | Date | MoneyParam;

/** An error the API answers with on purpose: a status, a message key and optional field errors. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: MessageKey;
  /** A Date is written in the reader's language on Paris clocks ("01/12/2026 14:30"); a MoneyParam as euros. */
  readonly params: Record<string, ErrorParam>;
  readonly fieldErrors?: FieldError[];

  constructor(statusCode: number, code: MessageKey, params: Record<string, ErrorParam> = {}, fieldErrors?: FieldError[]) {
    super(code);
    this.statusCode = statusCode;
    this.code = code;
    this.params = params;
    this.fieldErrors = fieldErrors;
    this.name = 'AppError';
  }
}

export const badRequest = (code: MessageKey, fieldErrors?: FieldError[]) => new AppError(400, code, {}, fieldErrors);
export const unauthorized = (code: MessageKey = 'unauthorized') => new AppError(401, code);
export const forbidden = () => new AppError(403, 'forbidden');
export const notFound = (code: MessageKey = 'not_found') => new AppError(404, code);
export const conflict = (code: MessageKey = 'conflict') => new AppError(409, code);

/** A field-level validation error, answered as 400 with the field named in `errors`. */
export function fieldError(path: string, code: MessageKey): AppError {
  return new AppError(400, 'validation_failed', {}, [{ path, message: code }]);
}
