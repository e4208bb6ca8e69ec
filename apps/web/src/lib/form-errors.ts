import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from 'react-toastify';
import { ApiError, errorMessage } from './api-fetch';

/** Error type of messages that come translated from the server (not message keys). */
export const SERVER_ERROR_TYPE = 'server';

/**
 * Shows the server's message as an error toast and puts its per-field errors on the form
 * (spec §8). Field paths may come as `email` or `body.email`.
 */
export function showFormError<T extends FieldValues>(
  error: unknown,
  setError?: UseFormSetError<T>,
  fields?: readonly Path<T>[],
): void {
  showError(error);
  if (!(error instanceof ApiError) || !setError) return;
  for (const item of error.errors) {
    const path = item.path.replace(/^(body|query|params)\./, '') as Path<T>;
    if (fields && !fields.includes(path)) continue;
    setError(path, { type: SERVER_ERROR_TYPE, message: item.message });
  }
}

/** The error as a toast. The same error again replaces the first (decision 0101): one toast, fresh. */
export function showError(error: unknown): void {
  toast.error(errorMessage(error));
}
