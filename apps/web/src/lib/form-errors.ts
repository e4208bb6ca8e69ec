import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from './api-fetch';

/** Error type of messages that come translated from the server (not message keys). */
export const SERVER_ERROR_TYPE = 'server';

/**
 * Shows the server's message as an error toast and puts its per-field errors on the form
 * (spec §8). Field paths may come as `email` or `body.email`. `renamed` puts a field of the API's
 * body on the form's own field when their names differ (the server's `amountCents` on the form's
 * `amount` in euros).
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields?: readonly Path<T>[],
  renamed: Readonly<Record<string, Path<T>>> = {},
): void {
  showError(error);
  if (!(error instanceof ApiError) || !setError) return;
  for (const item of error.errors) {
    const sent = item.path.replace(/^(body|query|params)\./, '');
    const path = renamed[sent] ?? (sent as Path<T>);
    if (fields && !fields.includes(path) && !(sent in renamed)) continue;
    setError(path, { type: SERVER_ERROR_TYPE, message: item.message });
  }
}

/** The error as a toast. The same error again replaces the first (decision 0101): one toast, fresh. */
export function showError(error: unknown): void {
  toast.error(errorMessage(error));
}
