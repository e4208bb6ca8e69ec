import type { z } from 'zod';
import { hireMessages } from '../booking/hire-messages.ts';
import { addMessageCatalogue, hasMessage } from '../i18n/error-messages.ts';

// The catalogues the hire form and the API add when they load (decision 0143).
addMessageCatalogue(hireMessages);

/** `{ 'path.to.field': 'message' }` of a failed parse, checking every message is a known key. */
export function issuesOf(result: { success: boolean; error?: z.ZodError | undefined }): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.message.split('?')[0] ?? '';
    if (!hasMessage(key)) throw new Error(`Message "${issue.message}" at ${issue.path.join('.')} is not a message key`);
    issues[issue.path.join('.')] ??= issue.message;
  }
  return issues;
}
