import { translateMessage } from '@vtc/shared/i18n/error-messages';
import type { FieldError } from 'react-hook-form';
import { getStoredLanguage } from '../../lib/language';
import { SERVER_ERROR_TYPE } from '../../lib/form-errors';

/**
 * Zod messages are keys such as `required` or `too_long?max=250`, translated with the same
 * catalogue as the API; messages set from a server answer are already translated.
 */
export function fieldMessage(error: Pick<FieldError, 'type' | 'message'> | undefined): string | undefined {
  if (!error?.message) return undefined;
  if (error.type === SERVER_ERROR_TYPE) return error.message;
  return translateMessage(error.message, getStoredLanguage());
}
